import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

/** Where CLI output goes; tests pass their own. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Asks a question on the terminal (absent when there is no terminal to ask: use --yes). */
  ask?(question: string): Promise<string>;
  /** Asks for a secret on the terminal without echoing what is typed (absent without one). */
  askSecret?(question: string): Promise<string>;
}

/** A question whose answer is not echoed: the prompt is written, then the output muted. */
async function askSecret(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stderr.write(question);
    muted = true;
    return await rl.question('');
  } finally {
    muted = false;
    rl.close();
    process.stderr.write('\n');
  }
}

export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  ...(process.stdin.isTTY
    ? {
        async ask(question: string) {
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return await rl.question(question);
          } finally {
            rl.close();
          }
        },
        askSecret,
      }
    : {}),
};

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The command was understood but could not do its work for a reason the user can act on (a
 * database in use, a copy that failed verification, a backup folder missing): one paragraph,
 * exit code 1.
 */
export class RefusedError extends Error {
  override name = 'RefusedError';
}
