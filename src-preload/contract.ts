/**
 * The typed contract between the window and main. It grows with the desktop-app issue into every
 * operation the window needs; it never imports electron, so the renderer and tests can share it.
 */
export type BridgeResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: string; message: string; details?: unknown } };

export interface EngageBridge {
  /** Base URL of the embedded service's HTTP interface. */
  apiBaseUrl(): Promise<BridgeResult<string>>;
}
