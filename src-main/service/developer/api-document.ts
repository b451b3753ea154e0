import type { OpenApiDocument } from '../contract';

/**
 * The service's own OpenAPI document for the window's API reference. The HTTP interface publishes
 * the text it serves at /api/v1/openapi.json (the same cached text, following the sandbox switch),
 * so the reference can never describe other routes than the ones answering. The window gets it
 * through the bridge: its page may not fetch from the server (connect-src 'self' on file://).
 */
export function createApiDocument() {
  let source: (() => string) | undefined;
  let parsed: { text: string; document: OpenApiDocument } | undefined;
  return {
    publish(text: () => string): void {
      source = text;
      parsed = undefined;
    },
    get(): OpenApiDocument {
      // Only a core run without its HTTP interface (a unit test) has no document to show.
      if (!source) throw new Error('The HTTP interface has not published its API document.');
      const text = source();
      if (parsed?.text !== text) parsed = { text, document: JSON.parse(text) as OpenApiDocument };
      return parsed.document;
    },
  };
}
