// What a run's figures depend on, recorded beside them: the machine, and the versions of Node,
// SQLite (the one inside better-sqlite3, not the system's), Fastify and the tools. The load
// average at the start and end tells whether something else shared the cores during the run.
import Database from 'better-sqlite3-multiple-ciphers';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { repo } from './processes.mjs';

const versionOf = (pkg) =>
  JSON.parse(readFileSync(join(repo, 'node_modules', pkg, 'package.json'), 'utf8')).version;

export function machine() {
  const db = new Database(':memory:');
  const sqlite = db.prepare('SELECT sqlite_version()').pluck().get();
  db.close();
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    sqlite,
    betterSqlite3: versionOf('better-sqlite3-multiple-ciphers'),
    fastify: versionOf('fastify'),
    jsonServer: versionOf('json-server'),
    autocannon: versionOf('autocannon'),
  };
}

export const load = () => loadavg().map((x) => Number(x.toFixed(2)));
