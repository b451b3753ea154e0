import type { FastifyRequest } from 'fastify';
import type { Actor } from '../schemas/actor';

/** Who acts over the API: the key of the request, by id and name (never the secret). */
export function requestActor(request: FastifyRequest): Actor {
  const credential = request.credential!;
  return { type: 'api_key', id: credential.keyId, name: credential.keyName };
}
