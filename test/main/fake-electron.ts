import { vi } from 'vitest';

/**
 * A small hand-written stand-in for the `electron` module (the binary cannot run in CI): it records
 * what main asks for (window options, event handlers, IPC channels, session hooks) so tests can
 * call those handlers the way Electron would.
 */
type Handler = (...args: any[]) => unknown;

class Emitter {
  readonly handlers = new Map<string, Handler[]>();
  on(name: string, handler: Handler): this {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    return this;
  }
  once(name: string, handler: Handler): this {
    return this.on(name, handler);
  }
  emit(name: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(name) ?? []) handler(...args);
  }
  listenerCount(name: string): number {
    return this.handlers.get(name)?.length ?? 0;
  }
}

/** An event whose preventDefault is observable. */
export function fakeEvent(extra: Record<string, unknown> = {}) {
  return { defaultPrevented: false, preventDefault: vi.fn(), ...extra };
}

export class FakeWebContents extends Emitter {
  readonly sent: [string, unknown][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends Emitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: { url?: string; file?: string } | undefined;
  destroyed = false;
  minimized = false;
  readonly show = vi.fn();
  readonly focus = vi.fn();
  title = 'Engage Desk';
  /** Every value given to setProgressBar, in order. */
  readonly progress: number[] = [];
  /** Every title set, in order. */
  readonly titles: string[] = [];
  getTitle() {
    return this.title;
  }
  setTitle(title: string) {
    this.title = title;
    this.titles.push(title);
  }
  setProgressBar(value: number) {
    this.progress.push(value);
  }
  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string) {
    this.loaded = { url };
    return Promise.resolve();
  }
  loadFile(file: string) {
    this.loaded = { file };
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  destroy() {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  static getAllWindows() {
    return FakeBrowserWindow.instances.filter((window) => !window.destroyed);
  }
}

class FakeApp extends Emitter {
  isPackaged = false;
  readonly quit = vi.fn();
  readonly exit = vi.fn();
  getPath = vi.fn(() => '/home/test/.config/Engage Desk');
  getVersion = vi.fn(() => '0.1.0');
  getLocale = vi.fn(() => 'es-ES');
}

const SAFE_STORAGE_MARK = 'fake-safe-storage:';

/**
 * safeStorage: "encrypts" by XOR behind a mark, so the secret never shows in clear in what it
 * returns; a test can take the keyring away (`available`), select Linux's `basic_text` backend,
 * or make it unable to decrypt what it wrote before (`broken`: a reset keyring).
 */
export const fakeSafeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  broken: false,
  isEncryptionAvailable() {
    return fakeSafeStorage.available;
  },
  getSelectedStorageBackend() {
    return fakeSafeStorage.backend;
  },
  encryptString(text: string): Buffer {
    if (!fakeSafeStorage.available) throw new Error('Encryption is not available.');
    const body = Buffer.from(text, 'utf8').map((b) => b ^ 0x5a);
    return Buffer.concat([Buffer.from(SAFE_STORAGE_MARK), body]);
  },
  decryptString(data: Buffer): string {
    const mark = data.subarray(0, SAFE_STORAGE_MARK.length).toString();
    if (fakeSafeStorage.broken || mark !== SAFE_STORAGE_MARK)
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
      );
    return Buffer.from(data.subarray(SAFE_STORAGE_MARK.length).map((b) => b ^ 0x5a)).toString(
      'utf8',
    );
  },
};

/** Desktop notifications: every one main shows is kept, with its options. */
export class FakeNotification extends Emitter {
  static shown: FakeNotification[] = [];
  static supported = true;
  static isSupported() {
    return FakeNotification.supported;
  }
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  show() {
    FakeNotification.shown.push(this);
  }
}

export const electron = {
  Notification: FakeNotification,
  safeStorage: fakeSafeStorage,
  app: new FakeApp(),
  BrowserWindow: FakeBrowserWindow,
  ipcMain: {
    handlers: new Map<string, Handler>(),
    handle(channel: string, handler: Handler) {
      // Electron throws on a second handler for a channel; so does the fake.
      if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      this.handlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      this.handlers.delete(channel);
    },
  },
  shell: { openExternal: vi.fn(async () => {}), openPath: vi.fn(async () => '') },
  /** The button index a message box answers: set it in a test (0 unless told). */
  dialog: { showMessageBoxSync: vi.fn((..._args: unknown[]) => 0), showErrorBox: vi.fn() },
  Menu: {
    buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
    setApplicationMenu: vi.fn(),
  },
  session: { defaultSession: fakeSession() },
  contextBridge: {
    exposed: new Map<string, any>(),
    exposeInMainWorld(key: string, api: unknown) {
      this.exposed.set(key, api);
    },
  },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, input: unknown) => ({
      ok: true,
      value: { channel, input },
    })),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
};

export function fakeSession() {
  return {
    webRequest: { onHeadersReceived: vi.fn() },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
  };
}

export function resetFake(): void {
  FakeBrowserWindow.instances = [];
  FakeNotification.shown = [];
  FakeNotification.supported = true;
  fakeSafeStorage.available = true;
  fakeSafeStorage.backend = 'gnome_libsecret';
  fakeSafeStorage.broken = false;
  electron.app.handlers.clear();
  electron.ipcMain.handlers.clear();
  electron.contextBridge.exposed.clear();
  vi.clearAllMocks();
}
