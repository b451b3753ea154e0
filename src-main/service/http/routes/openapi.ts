import { Type } from 'typebox';
import { sendJsonText } from '../json-text';
import { withoutSandbox } from '../openapi-document';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

/**
 * `isSandbox`: the /sandbox paths are documented only while sandbox mode is on, like the routes
 * answer only then (the switch is live, so the document follows it on every request).
 */
export function openapiRoutes(
  app: TypedApp,
  isSandbox: () => boolean = () => true,
): (sandbox: boolean) => string {
  // The routes are fixed once the app is ready, so each of the two documents is serialized once
  // (it is about 300 KB: rebuilding it per request cost 20 ms each, see docs/benchmarks.md).
  const texts = new Map<boolean, string>();
  function documentText(sandbox: boolean): string {
    let text = texts.get(sandbox);
    if (text === undefined) {
      const doc = app.swagger() as { paths?: Record<string, unknown> };
      text = JSON.stringify(sandbox ? doc : withoutSandbox(doc));
      texts.set(sandbox, text);
    }
    return text;
  }

  app.get(
    '/openapi.json',
    route('public', {
      summary: 'This OpenAPI 3.1 description',
      description: 'Generated from the same schemas that validate requests.',
      tags: ['Service'],
      operationId: 'getOpenApi',
      response: {
        200: Type.Object(
          {},
          { additionalProperties: true, description: 'The OpenAPI 3.1 document.' },
        ),
      },
    }),
    async (_request, reply) => sendJsonText(reply, documentText(isSandbox())),
  );
  // The window's API reference reads the very text served here (core.apiDocument).
  return documentText;
}
