import { Type } from 'typebox';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

/**
 * `isSandbox`: the /sandbox paths are documented only while sandbox mode is on, like the routes
 * answer only then (the switch is live, so the document follows it on every request).
 */
export function openapiRoutes(app: TypedApp, isSandbox: () => boolean = () => true): void {
  app.get(
    '/openapi.json',
    route('public', {
      summary: 'This OpenAPI 3.1 description',
      description: 'Generated from the same schemas that validate requests.',
      tags: ['Service'],
      operationId: 'getOpenApi',
      response: { 200: Type.Object({}, { additionalProperties: true }) },
    }),
    async (_request, reply) => {
      const doc = app.swagger() as { paths?: Record<string, unknown> };
      if (isSandbox() || !doc.paths) return sendJsonText(reply, JSON.stringify(doc));
      const paths = Object.fromEntries(
        Object.entries(doc.paths).filter(([path]) => !path.startsWith('/sandbox/')),
      );
      return sendJsonText(reply, JSON.stringify({ ...doc, paths }));
    },
  );
}
