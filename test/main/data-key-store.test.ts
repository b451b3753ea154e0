import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { electron, fakeSafeStorage, FakeBrowserWindow, resetFake } from './fake-electron';
import { KEY_STORE_FILE } from '../../src-main/data-key-store';
import { desktopDataKey } from '../../src-main/desktop-data-key';
import { IPC_EVENT_CHANNEL, type PushEvent } from '../../src-main/service/contract';
import { createCore } from '../../src-main/service/core';
import type { DataKey } from '../../src-main/service/store/data-key';
import { fileEncryption } from '../../src-main/service/store/data-key';
import { DB_FILE_NAME, openDb } from '../../src-main/service/store/db';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

/**
 * The desktop's data key (issue 20): a new clinic is encrypted with a random key kept by
 * safeStorage, a plain clinic of an earlier version is converted with progress on the window,
 * a missing keyring is asked about in plain words, and a key that cannot be read never becomes
 * a new empty database.
 */

const SECRET = 'Quintanilla-Ybarra';
let dirs: string[] = [];
let window: FakeBrowserWindow;

beforeEach(() => {
  resetFake();
  window = new FakeBrowserWindow({});
});
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-desk-key-'));
  dirs.push(dir);
  return dir;
}

const keyOf = (dir: string) => desktopDataKey(dir, window as never);

async function addPatient(dir: string, key: DataKey | undefined): Promise<void> {
  const core = await createCore({ dataDir: dir, seed: 'demo', ...(key ? { key } : {}) });
  try {
    await core.patients.create({ firstName: 'Zacarías', lastName: SECRET, phone: '+34600111222' });
  } finally {
    await core.close();
  }
}

function patientsIn(dir: string, key: DataKey): number {
  const { db } = openDb({ dataDir: dir, key });
  try {
    return db.prepare('SELECT count(*) FROM patients').pluck().get() as number;
  } finally {
    db.close();
  }
}

function folderHolds(dir: string, needle: string): string[] {
  return readdirSync(dir).filter((name) =>
    readFileSync(join(dir, name)).includes(Buffer.from(needle)),
  );
}

function snapshot(dir: string) {
  return readdirSync(dir)
    .sort()
    .map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]);
}

describe('the desktop data key', () => {
  it('makes a random key for a new clinic, kept only through safeStorage, and gives it back at the next start', async () => {
    const dir = dataDir();
    const key = await keyOf(dir);
    expect(key).toBeDefined();
    expect(key!.reveal()).toMatch(/^[0-9a-f]{64}$/);
    const stored = readFileSync(join(dir, KEY_STORE_FILE), 'utf8');
    expect(stored).toContain('"storage":"safeStorage"');
    expect(stored).not.toContain(key!.reveal());
    expect((statSync(join(dir, KEY_STORE_FILE)).mode & 0o777).toString(8)).toBe('600');
    await addPatient(dir, key);
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('encrypted');
    for (const needle of [SECRET, key!.reveal()]) expect(folderHolds(dir, needle)).toEqual([]);
    // A copy left by an interrupted conversion is removed at the next start.
    writeFileSync(join(dir, `${DB_FILE_NAME}.converting`), 'half a copy');
    const again = await keyOf(dir);
    expect(again!.sameSecretAs(key!)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([DB_FILE_NAME, KEY_STORE_FILE].sort());
    expect(electron.dialog.showMessageBoxSync).not.toHaveBeenCalled();
  });

  it('converts the plain clinic of an earlier version on the first start, with progress on the window', async () => {
    const dir = dataDir();
    await addPatient(dir, undefined);
    const { db } = openDb({ dataDir: dir });
    const before = db.prepare('SELECT count(*) FROM patients').pluck().get();
    db.close();
    expect(folderHolds(dir, SECRET).length).toBeGreaterThan(0);

    const key = await keyOf(dir);
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('encrypted');
    expect(patientsIn(dir, key!)).toBe(before);
    for (const needle of [SECRET, key!.reveal()]) expect(folderHolds(dir, needle)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([DB_FILE_NAME, KEY_STORE_FILE].sort());

    // The taskbar bar rose to 1 and was cleared; the title said so in Spanish and came back.
    const bar = window.progress;
    expect(bar[0]).toBe(0);
    expect(bar.slice(0, -1).every((v, i) => i === 0 || v >= bar[i - 1]!)).toBe(true);
    expect(bar.at(-2)).toBe(1);
    expect(bar.at(-1)).toBe(-1);
    expect(window.titles.some((t) => /cifrando los datos de la clínica \(\d+ %\)/.test(t))).toBe(
      true,
    );
    expect(window.title).toBe('Engage Desk');
    // The window's starting screen heard the same progress, from 0 to 1, on the push channel.
    const heard = window.webContents.sent
      .filter(([channel]) => channel === IPC_EVENT_CHANNEL)
      .map(([, payload]) => payload as PushEvent)
      .filter((e) => e.type === 'startup.conversion')
      .map((e) => (e.data as { fraction: number }).fraction);
    expect(heard[0]).toBe(0);
    expect(heard.at(-1)).toBe(1);
    expect(heard.every((v, i) => i === 0 || v >= heard[i - 1]!)).toBe(true);
  });

  it('finishes the conversion when a crash came after the key was stored', async () => {
    const dir = dataDir();
    const key = await keyOf(dir); // stored, no database yet
    await addPatient(dir, undefined); // as if the conversion never ran: a plain database
    const again = await keyOf(dir);
    expect(again!.sameSecretAs(key!)).toBe(true);
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('encrypted');
    expect(patientsIn(dir, key!)).toBeGreaterThan(0);
  });

  it('asks before keeping a key without a keyring; "Quit" changes nothing', async () => {
    const dir = dataDir();
    await addPatient(dir, undefined);
    const before = snapshot(dir);
    fakeSafeStorage.available = false;
    electron.dialog.showMessageBoxSync.mockReturnValueOnce(1);
    expect(await keyOf(dir)).toBeUndefined();
    const asked = electron.dialog.showMessageBoxSync.mock.calls[0]![1] as Record<string, string>;
    expect(asked.message).toMatch(/llavero/);
    expect(asked.detail).toMatch(/GNOME Keyring o KWallet/);
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, KEY_STORE_FILE))).toBe(false);
  });

  it('keeps the key in a private file when told to, and moves it into the keyring once there is one', async () => {
    const dir = dataDir();
    fakeSafeStorage.available = false;
    const key = await keyOf(dir);
    expect(readFileSync(join(dir, KEY_STORE_FILE), 'utf8')).toContain('"storage":"file"');
    await addPatient(dir, key);

    fakeSafeStorage.available = true;
    const again = await keyOf(dir);
    expect(again!.sameSecretAs(key!)).toBe(true);
    const stored = readFileSync(join(dir, KEY_STORE_FILE), 'utf8');
    expect(stored).toContain('"storage":"safeStorage"');
    expect(folderHolds(dir, key!.reveal())).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    "treats Linux's basic_text backend as no keyring",
    async () => {
      const dir = dataDir();
      fakeSafeStorage.backend = 'basic_text';
      electron.dialog.showMessageBoxSync.mockReturnValueOnce(1);
      expect(await keyOf(dir)).toBeUndefined();
      expect(electron.dialog.showMessageBoxSync).toHaveBeenCalledTimes(1);
    },
  );

  it('never makes a new key over an encrypted clinic whose key it cannot read, and says why', async () => {
    const dir = dataDir();
    const key = await keyOf(dir);
    await addPatient(dir, key);
    const before = snapshot(dir);

    fakeSafeStorage.broken = true; // a reset keyring
    expect(await keyOf(dir)).toBeUndefined();
    const [title, detail] = electron.dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toMatch(/no puede abrir los datos cifrados/);
    expect(detail).toMatch(/llavero|keyring/);
    expect(detail).not.toContain(key!.reveal());
    expect(snapshot(dir)).toEqual(before);

    fakeSafeStorage.broken = false;
    rmSync(join(dir, KEY_STORE_FILE));
    const withoutFile = snapshot(dir);
    expect(await keyOf(dir)).toBeUndefined();
    expect(electron.dialog.showErrorBox.mock.calls[1]![1]).toMatch(/key file .* is missing/);
    expect(snapshot(dir)).toEqual(withoutFile);
  });
});
