import type { Core } from '../../core';
import { TokenRequest, TokenResponse } from '../../schemas/auth';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function authTokenRoutes(app: TypedApp, core: Core): void {
  const options = route(
    'public',
    {
      summary: 'Exchange an API key for an access token',
      description:
        'Returns a JWT valid for one hour (by the service clock). An unknown or revoked key answers 401 `invalid_api_key`. Limited to 30 requests per 60 s per client address.',
      tags: ['Authentication'],
      operationId: 'createAccessToken',
      body: TokenRequest,
      response: { 200: TokenResponse },
    },
    [401, 429],
  );
  app.post(
    '/auth/token',
    { ...options, config: { ...options.config, rateLimitPolicy: 'token-exchange' } },
    async (request) => core.tokens.issue(request.body.apiKey),
  );
}
