import { Writable } from 'node:stream';

/** A pino destination that keeps every line. */
export function logCapture() {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop()!;
      lines.push(...parts.filter(Boolean));
      done();
    },
  });
  return { stream, lines: () => (pending ? [...lines, pending] : lines) };
}
