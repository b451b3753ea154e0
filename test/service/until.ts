/**
 * Waits until `condition` holds (it may ask the store, which answers asynchronously), checking
 * every few milliseconds, and fails saying what it waited for once `limitMs` has passed.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 20_000,
): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > limitMs) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
