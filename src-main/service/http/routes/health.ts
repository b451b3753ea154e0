import { Health } from '../../schemas/sandbox';
import { SERVICE_VERSION } from '../../version';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function healthRoutes(app: TypedApp): void {
  const options = route('public', {
    summary: 'Service health',
    tags: ['Service'],
    operationId: 'getHealth',
    description: "Never rate limited: a monitor probing it spends nobody's bucket.",
    response: { 200: Health },
  });
  // Exempt from rate limits, so it is not documented to answer 429 either.
  const response: Record<string, unknown> = { ...options.schema.response };
  delete response[429];
  app.get(
    '/health',
    {
      config: { ...options.config, rateLimitPolicy: 'none' },
      schema: { ...options.schema, response: response as typeof options.schema.response },
    },
    async () => ({ status: 'ok' as const, version: SERVICE_VERSION }),
  );
}
