import { Health } from '../../schemas/sandbox';
import { SERVICE_VERSION } from '../../version';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function healthRoutes(app: TypedApp): void {
  app.get(
    '/health',
    route('public', {
      summary: 'Service health',
      tags: ['Service'],
      operationId: 'getHealth',
      response: { 200: Health },
    }),
    async () => ({ status: 'ok' as const, version: SERVICE_VERSION }),
  );
}
