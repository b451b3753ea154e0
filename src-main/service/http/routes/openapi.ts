import { Type } from 'typebox';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function openapiRoutes(app: TypedApp): void {
  app.get(
    '/openapi.json',
    route('public', {
      summary: 'This OpenAPI 3.1 description',
      description: 'Generated from the same schemas that validate requests.',
      tags: ['Service'],
      operationId: 'getOpenApi',
      response: { 200: Type.Object({}, { additionalProperties: true }) },
    }),
    async (_request, reply) => sendJsonText(reply, JSON.stringify(app.swagger())),
  );
}
