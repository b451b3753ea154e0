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
  | 'job';

/**
 * Ids are `<prefix>_<ULID>`. The ULID's time part comes from the service clock, so ids sort in the
 * same order as the createdAt they were minted with, also after the sandbox clock was advanced;
 * the monotonic factory keeps ids minted within one millisecond ordered too.
 */
export function createIdFactory(now: () => number, prng?: () => number) {
  const ulid = prng ? monotonicFactory(prng) : monotonicFactory();
  return (prefix: IdPrefix, atMs?: number): string => `${prefix}_${ulid(atMs ?? now())}`;
}

export type IdFactory = ReturnType<typeof createIdFactory>;
