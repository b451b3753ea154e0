import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../store/sql-port';
import type { IdempotencyQueries } from '../store/queries/idempotency-keys';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Runs a domain write and, when the request carries an Idempotency-Key, stores the answer in the
 * same transaction. A crash can then never leave the write committed with the
 * key still unanswered, so a retry after a crash replays instead of acting (and charging) twice.
 */
export async function replyWithWrite<T>(
  core: { db: Sql; idempotency: IdempotencyQueries },
  request: FastifyRequest,
  reply: FastifyReply,
  write: () => Promise<T>,
  answer: { status: number; location?: (value: T) => string },
): Promise<FastifyReply> {
  const { body, location } = await core.db.transaction(async () => {
    const value = await write();
    const text = JSON.stringify(value);
    const where = answer.location?.(value) ?? null;
    const held = request.idempotency;
    if (held) {
      await core.idempotency.complete(
        held.credentialId,
        held.key,
        answer.status,
        JSON_TYPE,
        text,
        where,
      );
      request.idempotency = undefined; // answered: the onSend hook has nothing left to store
    }
    return { body: text, location: where };
  });
  if (location) reply.header('location', location);
  return reply.code(answer.status).type(JSON_TYPE).send(body);
}
