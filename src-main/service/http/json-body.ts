import type { FastifyInstance } from 'fastify';
import { ProblemError, validationFailed } from '../errors';

/** Deeper than any clinic record needs, far below what JSON.stringify or SQLite's JSON could not take. */
export const MAX_JSON_DEPTH = 32;

/** Strict: malformed, overlong or surrogate byte sequences throw; a BOM is left to the parser. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The only body parser: JSON, with Fastify's prototype-poisoning protection, and two checks the
 * default parser lacks. Nesting is bounded (a 5,000-level array would otherwise overflow the stack
 * in JSON.stringify or trip SQLite's JSON depth limit further in), and every string must be
 * well-formed Unicode (a lone surrogate cannot be stored as UTF-8). Both are answered 422 before
 * any handler or hook touches the value. A body whose bytes are not UTF-8 is not JSON text (400).
 * Compressed bodies are refused rather than misread. An empty body is no body.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding !== 'identity') {
      done(
        new ProblemError(
          415,
          'unsupported_media_type',
          `Content-Encoding '${encoding}' is not supported; send the JSON body uncompressed.`,
        ),
        undefined,
      );
      return;
    }
    // No body at all, with the JSON content type most HTTP clients send by default: a bodiless POST
    // (cancel, end, retry) is what it says; a route that needs a body says so itself (422).
    if ((bytes as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    // JSON text is UTF-8 (RFC 8259 §8.1): bytes that are not are refused, never replaced by U+FFFD.
    let body: string;
    try {
      body = UTF8.decode(bytes as Buffer);
    } catch {
      done(
        new ProblemError(400, 'invalid_json', 'The body is not valid UTF-8 (RFC 8259 §8.1).'),
        undefined,
      );
      return;
    }
    void parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const problem = checkValue(value);
      if (problem) return done(problem, undefined);
      done(null, value);
    });
  });
}

/** Walks the value without recursion; returns the first problem found. */
function checkValue(root: unknown): ProblemError | undefined {
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length) {
    const [value, pointer, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return notWellFormed(pointer);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      return validationFailed([
        {
          pointer: pointer || '/',
          code: 'max_depth',
          detail: `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
        },
      ]);
    }
    for (const [key, child] of Object.entries(value)) {
      if (!key.isWellFormed()) return notWellFormed(pointer);
      stack.push([child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1]);
    }
  }
  return undefined;
}

function notWellFormed(pointer: string): ProblemError {
  return validationFailed([
    {
      pointer: pointer || '/',
      code: 'unicode',
      detail: 'Text must be well-formed Unicode (this value has an unpaired surrogate).',
    },
  ]);
}
