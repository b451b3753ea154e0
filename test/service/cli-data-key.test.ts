import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
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
import { encryptCommand } from '../../src-main/cli/encrypt-command';
import { UsageError, type Io } from '../../src-main/cli/io';
import { keysCommand } from '../../src-main/cli/keys-command';
import { rekeyCommand } from '../../src-main/cli/rekey-command';
import { serveCommand } from '../../src-main/cli/serve-command';
import { createCore } from '../../src-main/service/core';
import { DataKey, fileEncryption } from '../../src-main/service/store/data-key';
import { DB_FILE_NAME, openDb } from '../../src-main/service/store/db';
import { buildCli, REPO } from './crash/child-server';

/**
 * The CLI's data key (issue 20): every way of giving it, every refusal (a clear paragraph, no
 * stack, never the key, the folder untouched), `encrypt` and `rekey`, and a SIGKILL at any
 * moment of either leaving a database that opens with all its patients.
 */

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-cli-key-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  while (tempDirs.length) rmSync(tempDirs.pop()!, { recursive: true, force: true });
});

function captureIo(): Io & { outText(): string; errText(): string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    outText: () => out.join('\n'),
    errText: () => err.join('\n'),
  };
}

function keyFile(dir: string, key: DataKey, mode = 0o600): string {
  const path = join(dir, `key-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(path, `${key.reveal()}\n`, { mode });
  chmodSync(path, mode); // whatever the umask
  return path;
}

function snapshot(dir: string) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => ({
      name,
      sha256: createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    }));
}

/** serve on port 0, in-process; closes it at once. */
async function serve(args: string[], env: NodeJS.ProcessEnv, io = captureIo()) {
  const service = await serveCommand(['--port', '0', '--seed', 'empty', ...args], io, env);
  await service.close();
  return io;
}

async function refusal(run: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('serve, web and keys take the data key', { timeout: 60_000 }, () => {
  it('refuses a new folder with neither a key nor --plain, and creates nothing', async () => {
    const data = join(tempDir(), 'clinic');
    const message = await refusal(() => serve(['--data', data], {}));
    expect(message).toMatch(/ENGAGE_DESK_DATA_KEY/);
    expect(message).toMatch(/--data-key-file/);
    expect(message).toMatch(/--plain/);
    expect(existsSync(join(data, DB_FILE_NAME))).toBe(false);
  });

  it('creates an encrypted clinic from $ENGAGE_DESK_DATA_KEY, and never prints the key', async () => {
    const data = join(tempDir(), 'clinic');
    const key = DataKey.generate();
    const io = await serve(['--data', data], { ENGAGE_DESK_DATA_KEY: key.reveal() });
    expect(fileEncryption(join(data, DB_FILE_NAME))).toBe('encrypted');
    expect(io.outText()).toMatch(/encrypted/);
    expect(io.outText() + io.errText()).not.toContain(key.reveal());
    // keys, with the key from a private file
    const listed = captureIo();
    await keysCommand(
      ['list', '--data', data, '--data-key-file', keyFile(tempDir(), key)],
      listed,
      {},
    );
    expect(listed.outText()).toMatch(/key_/);
  });

  it('refuses a key file others can read, like ssh, without reading it', async () => {
    const dir = tempDir();
    const data = join(dir, 'clinic');
    const key = DataKey.generate();
    const open = keyFile(dir, key, 0o644);
    const message = await refusal(() => serve(['--data', data, '--data-key-file', open], {}));
    expect(message).toMatch(/0644/);
    expect(message).toMatch(/chmod 600/);
    expect(message).not.toContain(key.reveal());
    expect(existsSync(join(data, DB_FILE_NAME))).toBe(false);
    expect(
      await refusal(() => serve(['--data', data, '--data-key-file', join(dir, 'none')], {})),
    ).toMatch(/no file/);
  });

  it('refuses a wrong key, a missing key, --plain on an encrypted clinic: a clear message, files untouched', async () => {
    const dir = tempDir();
    const data = join(dir, 'clinic');
    const key = DataKey.generate();
    await serve(['--data', data], { ENGAGE_DESK_DATA_KEY: key.reveal() });
    const before = snapshot(data);
    const wrong = DataKey.generate();
    const cases: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
      [['--data', data], { ENGAGE_DESK_DATA_KEY: wrong.reveal() }, /does not open/],
      [['--data', data, '--data-key-file', keyFile(dir, wrong)], {}, /does not open/],
      [['--data', data], {}, /is encrypted and no data key was given/],
      [['--data', data, '--plain'], {}, /--plain was given, but .* is encrypted/],
      [
        ['--data', data, '--plain'],
        { ENGAGE_DESK_DATA_KEY: key.reveal() },
        /--plain .* a data key is also given/,
      ],
      [
        ['--data', data, '--data-key-file', keyFile(dir, key)],
        { ENGAGE_DESK_DATA_KEY: key.reveal() },
        /one way only/,
      ],
    ];
    for (const [args, env, expected] of cases) {
      const message = await refusal(() => serve(args, env));
      expect(message, args.join(' ')).toMatch(expected);
      expect(message).not.toContain(key.reveal());
      expect(message).not.toContain(wrong.reveal());
      expect(message).not.toMatch(/\n\s+at /);
      expect(snapshot(data)).toEqual(before);
    }
    // keys refuses the same way.
    expect(await refusal(() => keysCommand(['list', '--data', data], captureIo(), {}))).toMatch(
      /encrypted and no data key/,
    );
  });

  it('keeps a plain clinic usable (--plain, or a warning naming encrypt) and refuses a key for it', async () => {
    const data = join(tempDir(), 'clinic');
    await serve(['--data', data, '--plain'], {});
    expect(fileEncryption(join(data, DB_FILE_NAME))).toBe('plain');
    const warned = await serve(['--data', data], {});
    expect(warned.errText()).toMatch(/not encrypted.*engage-desk encrypt/);
    const quiet = await serve(['--data', data, '--plain'], {});
    expect(quiet.errText()).not.toMatch(/not encrypted/);
    const before = snapshot(data);
    const message = await refusal(() =>
      serve(['--data', data], { ENGAGE_DESK_DATA_KEY: DataKey.generate().reveal() }),
    );
    expect(message).toMatch(/not encrypted yet.*engage-desk encrypt/);
    expect(snapshot(data)).toEqual(before);
  });

  it('--memory needs no key and ignores $ENGAGE_DESK_DATA_KEY', async () => {
    const io = await serve(['--memory'], { ENGAGE_DESK_DATA_KEY: 'whatever it is' });
    expect(io.outText()).toMatch(/in memory/);
  });
});

describe('engage-desk encrypt and rekey', { timeout: 60_000 }, () => {
  it('encrypts a plain clinic, then changes its key; patients and keys never in clear in the folder', async () => {
    const dir = tempDir();
    const data = join(dir, 'clinic');
    await serve(['--data', data, '--plain', '--seed', 'demo'], {});
    const core = await createCore({ dataDir: data });
    const names = (await core.db
      .prepare('SELECT last_name FROM patients LIMIT 5')
      .pluck()
      .all()) as string[];
    const count = await core.db.prepare('SELECT count(*) FROM patients').pluck().get();
    await core.close();

    // A missing key is a usage error; a key generated into a new 0600 file is used.
    expect(await refusal(() => encryptCommand(['--data', data], captureIo(), {}))).toMatch(
      /needs the data key/,
    );
    const first = join(dir, 'first.key');
    const io = captureIo();
    await encryptCommand(['--data', data, '--generate-key-file', first], io, {});
    expect((statSync(first).mode & 0o777).toString(8)).toBe('600');
    const key = DataKey.from(readFileSync(first, 'utf8'));
    expect(io.errText()).toMatch(/encrypt: 100% \(replacing the database\)/);
    expect(io.outText()).toMatch(/Encrypted .* rows verified/);
    expect(io.outText() + io.errText()).not.toContain(key.reveal());
    expect(
      await refusal(() =>
        encryptCommand(['--data', data, '--data-key-file', first], captureIo(), {}),
      ),
    ).toMatch(/encrypted already/);

    const second = DataKey.from('the clinic passphrase of 2027');
    const rekeyed = captureIo();
    await rekeyCommand(['--data', data, '--data-key-file', first], rekeyed, {
      ENGAGE_DESK_NEW_DATA_KEY: second.reveal(),
    });
    expect(rekeyed.outText()).toMatch(/changed/);
    expect(rekeyed.outText() + rekeyed.errText()).not.toContain(second.reveal());
    expect(() => openDb({ dataDir: data, key })).toThrow(/does not open/);
    const again = await createCore({ dataDir: data, key: second });
    expect(await again.db.prepare('SELECT count(*) FROM patients').pluck().get()).toBe(count);
    await again.close();
    for (const name of readdirSync(data)) {
      const bytes = readFileSync(join(data, name));
      for (const secret of [...names, key.reveal(), second.reveal()])
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${name}`).toBe(false);
    }
    // rekey with a wrong current key: refused, untouched.
    const before = snapshot(data);
    expect(
      await refusal(() =>
        rekeyCommand(['--data', data, '--data-key-file', first], captureIo(), {
          ENGAGE_DESK_NEW_DATA_KEY: DataKey.generate().reveal(),
        }),
      ),
    ).toMatch(/does not open/);
    expect(snapshot(data)).toEqual(before);
  });
});

// --- SIGKILL during encrypt and rekey, in a child process ------------------------------------

const PATIENTS = 40_000;
let cliJs: string;
let outDir: string;
let fixture: string;

describe('a SIGKILL during encrypt or rekey', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    outDir = join(REPO, 'out', `cli-key-test-${process.pid}`);
    cliJs = buildCli(outDir);
    fixture = join(mkdtempSync(join(tmpdir(), 'engage-desk-kill-fixture-')), 'clinic');
    mkdirSync(fixture, { recursive: true, mode: 0o700 });
    await fillPatients(fixture, PATIENTS);
  }, 180_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(join(fixture, '..'), { recursive: true, force: true });
  });

  /** Runs the CLI and SIGKILLs it as soon as a stderr line matches `at` (or lets it finish). */
  function runKilledAt(args: string[], env: NodeJS.ProcessEnv, at: RegExp) {
    return new Promise<{ killed: boolean; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cliJs, ...args], {
        cwd: REPO,
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let killed = false;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        if (!killed && at.test(stderr)) {
          killed = true;
          child.kill('SIGKILL');
        }
      });
      child.stdout.resume();
      child.on('close', () => resolve({ killed, stderr }));
    });
  }

  /** The folder opens, with the given keys tried in turn (none: plain), with every patient. */
  function patientsIn(data: string, keys: DataKey[]): { count: number; opened: string } {
    const found = fileEncryption(join(data, DB_FILE_NAME));
    const tries: Array<DataKey | undefined> = found === 'plain' ? [undefined] : keys;
    for (const key of tries) {
      try {
        const { db } = openDb({ dataDir: data, ...(key ? { key } : {}) });
        try {
          return {
            count: db.prepare('SELECT count(*) FROM patients').pluck().get() as number,
            opened: key ? `key ${keys.indexOf(key)}` : 'plain',
          };
        } finally {
          db.close();
        }
      } catch {
        continue;
      }
    }
    throw new Error(`the folder ${data} opens with none of the keys (it is ${found})`);
  }

  const MOMENTS = [
    /: 0% \(copying\)/,
    /: [1-4]0% \(copying\)/,
    /\(encrypting the copy\)/,
    /\(verifying the copy\)/,
    /\(replacing the database\)/,
    /never/, // runs to the end
  ];

  it('leaves the plain database intact or the encrypted one complete, and encrypt finishes afterwards', async () => {
    const dir = tempDir();
    const key = DataKey.generate();
    const file = keyFile(dir, key);
    const outcomes: string[] = [];
    for (const [i, at] of MOMENTS.entries()) {
      const data = join(dir, `clinic-${i}`);
      cpSync(fixture, data, { recursive: true });
      chmodSync(data, 0o700);
      const run = await runKilledAt(['encrypt', '--data', data, '--data-key-file', file], {}, at);
      const state = patientsIn(data, [key]);
      expect(state.count, `${at} ${run.stderr}`).toBe(PATIENTS);
      outcomes.push(`${String(at)} killed=${run.killed} -> ${state.opened}`);
      // The next run finishes the job from whatever was left.
      if (fileEncryption(join(data, DB_FILE_NAME)) === 'plain') {
        const rerun = await runKilledAt(
          ['encrypt', '--data', data, '--data-key-file', file],
          {},
          /never/,
        );
        expect(rerun.stderr).toMatch(/100%/);
      }
      expect(patientsIn(data, [key])).toEqual({ count: PATIENTS, opened: 'key 0' });
      expect(readdirSync(data)).toEqual([DB_FILE_NAME]);
    }
    // The early kills happened (the copy is long enough to be interrupted).
    expect(outcomes[0], outcomes.join('\n')).toMatch(/killed=true -> plain/);
  });

  it('leaves a database that opens with the old key or the new one, never neither', async () => {
    const dir = tempDir();
    const oldKey = DataKey.generate();
    const newKey = DataKey.generate();
    const oldFile = keyFile(dir, oldKey);
    const newFile = keyFile(dir, newKey);
    const encrypted = join(dir, 'encrypted');
    cpSync(fixture, encrypted, { recursive: true });
    chmodSync(encrypted, 0o700);
    await encryptCommand(['--data', encrypted, '--data-key-file', oldFile], captureIo(), {});
    const outcomes: string[] = [];
    for (const [i, at] of MOMENTS.entries()) {
      const data = join(dir, `clinic-${i}`);
      cpSync(encrypted, data, { recursive: true });
      chmodSync(data, 0o700);
      const run = await runKilledAt(
        ['rekey', '--data', data, '--data-key-file', oldFile, '--new-key-file', newFile],
        {},
        at,
      );
      const state = patientsIn(data, [oldKey, newKey]);
      expect(state.count, `${at} ${run.stderr}`).toBe(PATIENTS);
      outcomes.push(`${String(at)} killed=${run.killed} -> ${state.opened}`);
    }
    expect(outcomes[0], outcomes.join('\n')).toMatch(/killed=true -> key 0/);
    expect(outcomes.at(-1), outcomes.join('\n')).toMatch(/killed=false -> key 1/);
  });
});
