import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillPatients } from '../../bench/patient-fixture';
import { exportCommand, importCommand } from '../../src-main/cli/archive-commands';
import { RefusedError, UsageError, type Io } from '../../src-main/cli/io';
import { inspectArchive, passphraseOf } from '../../src-main/service/backup/clinic-archive';
import { createCore } from '../../src-main/service/core';
import { DataKey } from '../../src-main/service/store/data-key';
import { DB_FILE_NAME } from '../../src-main/service/store/db';
import { buildCli, REPO } from './crash/child-server';

/**
 * `engage-desk export` and `engage-desk import` (issue 20, part 4): the passphrase from a private
 * file, the environment or the terminal; every refusal in one line that never holds the
 * passphrase; and a SIGKILL during an export leaving no finished-looking archive.
 */

const PASSPHRASE = 'tres tristes tigres';
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-archive-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function captureIo(answers: { secrets?: string[]; ask?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const secrets = [...(answers.secrets ?? [])];
  const io: Io & { outText(): string; errText(): string } = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    ...(answers.secrets ? { askSecret: async () => secrets.shift() ?? '' } : {}),
    ...(answers.ask !== undefined ? { ask: async () => answers.ask! } : {}),
    outText: () => out.join('\n'),
    errText: () => err.join('\n'),
  };
  return io;
}

function secretFile(dir: string, text: string, mode = 0o600): string {
  const path = join(dir, `secret-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(path, `${text}\n`, { mode });
  chmodSync(path, mode);
  return path;
}

async function clinic(dir: string, key: DataKey): Promise<string> {
  const dataDir = join(dir, 'data');
  const c = await createCore({ dataDir, key, seed: 'demo' });
  await c.patients.create({
    firstName: 'Hermenegilda',
    lastName: 'Archivada',
    phone: '+34600000003',
  });
  await c.close();
  return dataDir;
}

const keyEnv = (key: DataKey) => ({ ENGAGE_DESK_DATA_KEY: key.reveal() });

describe('engage-desk export and import', () => {
  it('exports with a passphrase file and imports into a new folder under another key', async () => {
    const dir = tempDir();
    const key = DataKey.generate();
    const dataDir = await clinic(dir, key);
    const file = join(dir, 'Clinica.engagedesk');
    const pass = secretFile(dir, PASSPHRASE);
    const io = captureIo();
    await exportCommand(
      ['--data', dataDir, '--to', file, '--passphrase-file', pass],
      io,
      keyEnv(key),
    );
    expect(io.outText()).toBe(file);
    expect(io.errText()).toMatch(/Patients\s+\d+/);
    expect(io.errText()).not.toContain(PASSPHRASE);

    const other = DataKey.generate();
    const second = join(dir, 'second');
    const imported = captureIo();
    await importCommand([file, '--data', second, '--yes'], imported, {
      ...keyEnv(other),
      ENGAGE_DESK_ARCHIVE_PASSPHRASE: PASSPHRASE,
    });
    expect(imported.outText()).toBe(join(second, DB_FILE_NAME));
    const c = await createCore({ dataDir: second, key: other });
    try {
      expect((await c.patients.list({ search: 'Hermenegilda' })).pagination).toBeTruthy();
      expect(
        await c.db
          .prepare("SELECT count(*) FROM patients WHERE last_name = 'Archivada'")
          .pluck()
          .get(),
      ).toBe(1);
    } finally {
      await c.close();
    }
  });

  it('asks the passphrase twice on a terminal, and refuses two that differ', async () => {
    const dir = tempDir();
    const key = DataKey.generate();
    const dataDir = await clinic(dir, key);
    const file = join(dir, 'a.engagedesk');
    const differ = captureIo({ secrets: [PASSPHRASE, 'tres tristes tigreS'] });
    await expect(
      exportCommand(['--data', dataDir, '--to', file], differ, keyEnv(key)),
    ).rejects.toThrow(/differ/);
    expect(existsSync(file)).toBe(false);
    const same = captureIo({ secrets: [PASSPHRASE, PASSPHRASE] });
    await exportCommand(['--data', dataDir, '--to', file], same, keyEnv(key));
    expect((await inspectArchive(file, passphraseOf(PASSPHRASE))).patients).toBeGreaterThan(0);

    // An import asked on the terminal, answered no: nothing changes.
    const before = readFileSync(join(dataDir, DB_FILE_NAME));
    const no = captureIo({ secrets: [PASSPHRASE], ask: 'n' });
    await importCommand([file, '--data', dataDir], no, keyEnv(key));
    expect(no.errText()).toContain('Nothing was changed.');
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(before)).toBe(true);
  });

  it('refuses in one line, never repeating the passphrase, and changes nothing', async () => {
    const dir = tempDir();
    const key = DataKey.generate();
    const dataDir = await clinic(dir, key);
    const file = join(dir, 'b.engagedesk');
    const env = { ...keyEnv(key), ENGAGE_DESK_ARCHIVE_PASSPHRASE: PASSPHRASE };
    await exportCommand(['--data', dataDir, '--to', file], captureIo(), env);
    const before = readFileSync(join(dataDir, DB_FILE_NAME));
    const refusals: Array<[string[], NodeJS.ProcessEnv, RegExp, unknown]> = [
      [['--data', dataDir], env, /--to FILE/, UsageError],
      [['--data', dataDir, '--to', file], env, /exists already/, UsageError],
      [
        ['--data', dataDir, '--to', join(dir, 'c.engagedesk')],
        { ...keyEnv(key), ENGAGE_DESK_ARCHIVE_PASSPHRASE: 'corta' },
        /at least 12 characters/,
        UsageError,
      ],
      [
        ['--data', dataDir, '--to', join(dir, 'c.engagedesk')],
        keyEnv(key),
        /No passphrase/,
        UsageError,
      ],
      [
        [
          '--data',
          dataDir,
          '--to',
          join(dir, 'c.engagedesk'),
          '--passphrase-file',
          secretFile(dir, PASSPHRASE, 0o644),
        ],
        keyEnv(key),
        /too open/,
        UsageError,
      ],
      [
        [
          '--data',
          dataDir,
          '--to',
          join(dir, 'c.engagedesk'),
          '--passphrase-file',
          secretFile(dir, PASSPHRASE),
        ],
        env,
        /one way only/,
        UsageError,
      ],
      [
        ['--data', dataDir, '--to', join(dir, 'c.engagedesk')],
        { ...env, ENGAGE_DESK_DATA_KEY: DataKey.generate().reveal() },
        /does not open/,
        RefusedError,
      ],
    ];
    for (const [args, e, message, type] of refusals) {
      const attempt = exportCommand(args, captureIo(), e);
      await expect(attempt, message.source).rejects.toThrow(message);
      await expect(exportCommand(args, captureIo(), e)).rejects.toBeInstanceOf(type);
      await expect(exportCommand(args, captureIo(), e)).rejects.not.toThrow(PASSPHRASE);
    }
    expect(readdirSync(dir).filter((n) => n.endsWith('.engagedesk'))).toEqual(['b.engagedesk']);

    const wrong = { ...keyEnv(key), ENGAGE_DESK_ARCHIVE_PASSPHRASE: 'tres tristes tigras' };
    await expect(
      importCommand([file, '--data', dataDir, '--yes'], captureIo(), wrong),
    ).rejects.toThrow(/passphrase does not open this archive/);
    await expect(importCommand([file, '--data', dataDir], captureIo(), env)).rejects.toThrow(
      /--yes/,
    );
    await expect(
      importCommand([file, '--data', join(dir, 'new')], captureIo(), {
        ENGAGE_DESK_ARCHIVE_PASSPHRASE: PASSPHRASE,
      }),
    ).rejects.toThrow(/no data key was given/);
    await expect(importCommand([], captureIo(), env)).rejects.toThrow(/exactly one archive/);
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(before)).toBe(true);
    expect(existsSync(join(dir, 'new', DB_FILE_NAME))).toBe(false);
  });
});

describe('SIGKILL during an export', { timeout: 300_000 }, () => {
  const PATIENTS = 30_000;
  let cliJs: string;
  let outDir: string;
  let root: string;
  beforeAll(async () => {
    outDir = join(REPO, 'out', `archive-test-cli-${process.pid}`);
    cliJs = buildCli(outDir);
    root = mkdtempSync(join(tmpdir(), 'engage-desk-archive-kill-'));
    mkdirSync(join(root, 'clinic'), { recursive: true, mode: 0o700 });
    await fillPatients(join(root, 'clinic'), PATIENTS);
  }, 180_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  function exportKilledAfter(to: string, ms: number | undefined) {
    const { ENGAGE_DESK_DATA_KEY: _k, ...env } = process.env;
    const child = spawn(
      process.execPath,
      [cliJs, 'export', '--data', join(root, 'clinic'), '--plain', '--to', to],
      {
        cwd: REPO,
        env: { ...env, ENGAGE_DESK_ARCHIVE_PASSPHRASE: PASSPHRASE, HOME: root },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<{ signal: NodeJS.Signals | null; code: number | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    let timer: NodeJS.Timeout | undefined;
    if (ms !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    return exited.then((exit) => {
      clearTimeout(timer);
      return { ...exit, err };
    });
  }

  it('leaves no finished-looking archive and the clinic whole', async () => {
    const folder = join(root, 'out');
    mkdirSync(folder);
    const to = join(folder, 'Clinica.engagedesk');
    let killed = 0;
    for (const ms of [100, 300, 600, 1000, 1500, 2500]) {
      const exit = await exportKilledAfter(to, ms);
      if (exit.signal === 'SIGKILL') killed++;
      // Either no archive, or a finished one that opens whole; anything else is a .partial.
      if (existsSync(to)) {
        expect((await inspectArchive(to, passphraseOf(PASSPHRASE))).patients).toBe(PATIENTS);
        rmSync(to);
      }
      for (const name of readdirSync(folder))
        expect(name, `${ms} ms`).toMatch(/\.\d+\.partial(-journal)?$/);
      const c = await createCore({ dataDir: join(root, 'clinic') });
      try {
        expect(await c.db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
        expect(await c.q.patients.count({})).toBe(PATIENTS);
      } finally {
        await c.close();
      }
    }
    expect(killed).toBeGreaterThanOrEqual(2);
    // The next export clears what the kills left and finishes.
    const done = await exportKilledAfter(to, undefined);
    expect(done.code, done.err).toBe(0);
    expect(readdirSync(folder)).toEqual(['Clinica.engagedesk']);
    expect(statSync(to).size).toBeGreaterThan(0);
    expect((await inspectArchive(to, passphraseOf(PASSPHRASE))).patients).toBe(PATIENTS);
  });
});
