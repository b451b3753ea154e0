// The peer: json-server, the mock API a developer might pick instead of this sandbox, run the
// way its README says (`json-server db.json`, its own CLI in its own process, --quiet so that
// request logging does not slow it down) on a db.json holding the same 20 patients as our
// `GET /patients?limit=20`, asked for `/patients?_limit=20`. It holds only those 20 rows in
// memory, which favours it: the service pages through 100,000 in SQLite.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repo } from './processes.mjs';

const CLI = join(repo, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');

/** A port free a moment ago: json-server 0.17 cannot listen on 0 and say which port it got. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`json-server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return res.text();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('json-server did not answer within 10 s');
}

/** Starts json-server on `patients`; answers { child, url, bodyBytes } once it serves them. */
export async function startJsonServer(dir, patients) {
  const dbFile = join(dir, 'json-server-db.json');
  writeFileSync(dbFile, JSON.stringify({ patients }));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [CLI, '--quiet', '--host', '127.0.0.1', '--port', String(port), dbFile],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}/patients?_limit=20`;
  const body = await waitUntilServing(url, child);
  if (JSON.parse(body).length !== patients.length)
    throw new Error(`json-server served ${body.slice(0, 200)}`);
  return { child, url, bodyBytes: Buffer.byteLength(body) };
}
