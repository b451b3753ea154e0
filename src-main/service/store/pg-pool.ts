import pg from 'pg';

/**
 * A pool whose numbers read as SQLite's did: bigint (count(*), ids, credits) and numeric (sums
 * of bigint) as JavaScript numbers. The service's integers stay far below 2^53; one that would
 * not is refused rather than rounded.
 */
export function createPgPool(config: pg.PoolConfig): pg.Pool {
  const toNumber = (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) && Number.isInteger(value))
      throw new Error(`A number from PostgreSQL is beyond JavaScript's safe integers: ${text}`);
    return value;
  };
  const pool = new pg.Pool({
    max: 10,
    ...config,
    // Statements are prepared (statementName in pg-port.ts), and after five runs PostgreSQL may settle on
    // a plan made without the parameters. Some best plans depend on them: a search list no longer
    // does (searchInList chooses its reading), but a count the suffix table cannot answer does
    // (two letters scan the table, the trigram index cannot find them; longer ones ask that
    // index). So every run is planned for its own values, as unnamed statements were;
    // only the parse is saved. The pool awaits this before it lends a new connection (a
    // 'connect' listener ran it beside the first query, which pg 9 will refuse).
    // @types/pg declares the hook void; pg-pool 3.14 awaits what it returns (`_promiseTry`).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client: pg.ClientBase) => {
      await client.query('SET plan_cache_mode = force_custom_plan');
    },
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
          ? toNumber
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closed (a restart, an administrator, a dropped database, or
  // the pool's own end racing the server) is dropped by the pool and the next query opens
  // another; without a listener the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  return pool;
}
