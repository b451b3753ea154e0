import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulidx';

export type IdPrefix =
  | 'pat'
  | 'conv'
  | 'msg'
  | 'sch'
  | 'form'
  | 'resp'
  | 'call'
  | 'wh'
  | 'evt'
  | 'key'
  | 'dlv'
  | 'req'
  | 'led'
  | 'out'
  | 'job'
  | 'ntf'
  | 'alert'
  | 'note'
  | 'sbx'
  | 'ser'
  | 'aud';

/**
 * Ids are `<prefix>_<ULID>`. The ULID's time part comes from the service clock, so ids sort in the
 * same order as the createdAt they were minted with, also after the sandbox clock was advanced;
 * the monotonic factory keeps ids minted within one millisecond ordered too.
 */
export function createIdFactory(now: () => number, prng: () => number = pooledRandom()) {
  const ulid = monotonicFactory(prng);
  return (prefix: IdPrefix, atMs?: number): string => `${prefix}_${ulid(atMs ?? now())}`;
}

export type IdFactory = ReturnType<typeof createIdFactory>;

/**
 * Cryptographic randomness drawn from a pool: ulidx asks for one random value per character, and
 * a system call for each would cost more than the rest of a request id.
 */
export function pooledRandom(): () => number {
  const pool = new Uint32Array(512);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]! / 4294967296;
  };
}
