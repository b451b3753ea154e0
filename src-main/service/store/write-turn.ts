/**
 * One writer at a time, in arrival order: the SQLite adapter's turn for its single writer
 * connection. A transaction holds the turn across its awaits; a lone statement only waits for it
 * while a transaction is open, since a synchronous statement cannot interleave with anything.
 */
export function createWriteTurn() {
  let taken = false;
  const waiting: Array<() => void> = [];
  return {
    get taken() {
      return taken;
    },
    /** Resolves once the turn is the caller's; undefined when it was free and is taken at once. */
    take(): Promise<void> | undefined {
      if (!taken) {
        taken = true;
        return undefined;
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Hands the turn to the next in line, or frees it. */
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else taken = false;
    },
  };
}
