import { app } from 'electron';

/**
 * Holds the quit until `close` has run once (the service stops accepting requests, finishes its
 * jobs and closes the database), then quits for real. Whatever starts the quit (the menu, the
 * last window on Windows and Linux, Ctrl+C or a kill from a terminal) goes through here.
 */
export function installGracefulQuit(close: () => Promise<void>, timeoutMs = 10_000): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  const hold = (event: { preventDefault(): void }) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    // A close that hangs (a stuck SMTP server, say) must not keep the app from quitting.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`Engage Desk: the service did not close within ${timeoutMs} ms; quitting.`);
        resolve();
      }, timeoutMs);
    });
    void Promise.race([close(), timeout])
      .catch((error: unknown) => console.error('Engage Desk: closing the service failed:', error))
      .finally(() => {
        clearTimeout(timer);
        state = 'closed';
        app.quit();
      });
  };
  app.on('before-quit', hold);
  // Also here: some paths reach will-quit without before-quit (the last window closing when
  // quitting was not asked for explicitly).
  app.on('will-quit', hold);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
}
