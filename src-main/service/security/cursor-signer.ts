import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProblemError } from '../errors';

/** The position a keyset cursor encodes: the last row's ordering key (one or two values). */
export type CursorPosition = (string | number)[];

const INVALID = (): ProblemError =>
  new ProblemError(
    400,
    'invalid_cursor',
    'The cursor is not valid for this list: it was altered, or issued for another list or other filters. Start again from the first page.',
  );

/**
 * Cursors are `base64url(position) "." base64url(HMAC)`. The HMAC covers the list name and the
 * canonical filters as well as the position, so a cursor only works on the list and filters that
 * issued it, and any change to it is detected, without storing anything server-side.
 */
export function createCursorSigner(secret: Buffer) {
  const mac = (list: string, filters: string, body: string): Buffer =>
    createHmac('sha256', secret).update(`${list}\n${filters}\n${body}`).digest().subarray(0, 16);

  return {
    sign(list: string, filters: Record<string, unknown>, position: CursorPosition): string {
      const body = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${body}.${mac(list, canonical(filters), body).toString('base64url')}`;
    },
    verify(
      list: string,
      filters: Record<string, unknown>,
      cursor: string,
      size: number,
    ): CursorPosition {
      const dot = cursor.indexOf('.');
      if (dot <= 0 || cursor.length > 512) throw INVALID();
      const body = cursor.slice(0, dot);
      // Compare the text, not decoded bytes: base64url decoding forgives extra or altered
      // trailing characters, and a cursor must match exactly.
      const given = Buffer.from(cursor.slice(dot + 1));
      const expected = Buffer.from(mac(list, canonical(filters), body).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw INVALID();
      try {
        const position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
        if (
          !Array.isArray(position) ||
          position.length !== size ||
          !position.every((v) => typeof v === 'string' || Number.isSafeInteger(v))
        ) {
          throw INVALID();
        }
        return position as CursorPosition;
      } catch {
        throw INVALID();
      }
    },
  };
}

export type CursorSigner = ReturnType<typeof createCursorSigner>;

/** Filters as a stable string: keys sorted, absent values dropped. */
function canonical(filters: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(filters)
      .filter((k) => filters[k] !== undefined && filters[k] !== null && filters[k] !== '')
      .sort()
      .map((k) => [k, filters[k]]),
  );
}
