import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { ProblemError } from '../errors';
import { ReceiverParams } from '../schemas/test-receiver';
import { RECEIVER_PREFIX } from '../webhooks/test-receiver';
import { addressKey, enforceRateLimit, type RateLimiters } from './rate-limit';
import { route } from './route-docs';

export { RECEIVER_PREFIX };

/**
 * POST /sandbox-receiver/{name}: the sandbox's webhook test receiver (webhooks/test-receiver.ts).
 * It lives outside /api/v1 because the dispatcher sends no credential (receivers verify the
 * signature instead), and it is left out of the OpenAPI document like the patient form page:
 * it is a stand-in for the integrator's server, not part of the interface. Any body is taken as
 * raw bytes, since the signature covers the bytes exactly as sent. Outside sandbox mode it
 * answers like a route that does not exist, before the body is read.
 */
export async function testReceiverRoutes(
  app: FastifyInstance,
  core: Core,
  limits?: RateLimiters,
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    if (!core.testReceiver.isOn()) {
      throw new ProblemError(
        404,
        'route_not_found',
        `No route matches ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    // Its own bucket per address range: the dispatcher's deliveries and a developer's curl do
    // not spend the failed-login bucket, nor does a flood of bad keys stop the receiver.
    if (limits) enforceRateLimit(reply, limits.receiver, addressKey(request.ip));
  });

  app.post<{ Params: { name: string }; Body: Buffer | undefined }>(
    '/:name',
    withOwnLimit(
      route('public', {
        summary: 'Receive a webhook delivery (sandbox test receiver)',
        tags: ['Sandbox'],
        hide: true,
        params: ReceiverParams,
      }),
    ),
    async (request, reply) => {
      const answer = await core.testReceiver.receive({
        name: request.params.name,
        headers: request.headers,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      return reply
        .code(answer.status)
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(JSON.stringify(answer.body));
    },
  );
}

/** The route leaves the API's per-address bucket alone: the hook above applies its own. */
function withOwnLimit<T extends { config: object }>(options: T) {
  return { ...options, config: { ...options.config, rateLimitPolicy: 'none' as const } };
}
