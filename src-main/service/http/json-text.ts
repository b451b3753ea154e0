import type { FastifyReply } from 'fastify';

/**
 * Sends a body that is already JSON text (rows rendered by SQLite), skipping serialization. The
 * route's response schema still documents the shape; tests check the text against it.
 */
export function sendJsonText(reply: unknown, json: string | Buffer): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
