/** Where CLI output goes; tests pass their own. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command was understood but refused (a database in use, a copy that failed verification): printed without a stack, exit code 1. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}
