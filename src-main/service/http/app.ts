import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Core } from '../core';
import { createIdFactory } from '../ids';
import { API_VERSION } from '../version';
import { installAuth } from './auth';
import { installIdempotency } from './idempotency';
import { installHostCheck } from './host-check';
import { installProblemHandlers, sendProblem } from './problems';
import { installJsonBodyParser } from './json-body';
import { loggerOptions } from './log-redaction';
import { clientErrorHandler } from './client-errors';
import { ProblemError } from '../errors';
import { createRateLimiters } from './rate-limit';
import { DEFAULT_SERVER_LIMITS, fastifyServerOptions, type ServerLimits } from './server-limits';
import { installResponseCheck } from './response-check';
import { alertRoutes } from './routes/alerts';
import { authTokenRoutes } from './routes/auth-token';
import { billingRoutes } from './routes/billing';
import { clinicalFormRoutes } from './routes/clinical-forms';
import { conversationRoutes } from './routes/conversations';
import { formResponseRoutes } from './routes/form-responses';
import { formScheduleRoutes } from './routes/form-schedules';
import { healthRoutes } from './routes/health';
import { openapiRoutes } from './routes/openapi';
import { patientRoutes } from './routes/patients';
import { sandboxClockRoutes } from './routes/sandbox-clock';
import { sandboxFormScheduleRoutes } from './routes/sandbox-form-schedules';
import { sandboxOutboxRoutes } from './routes/sandbox-outbox';
import { voiceCallRoutes } from './routes/voice-calls';
import { sandboxEventRoutes } from './routes/sandbox-events';
import { sandboxResetRoutes } from './routes/sandbox-reset';
import {
  WEB_BRIDGE_PREFIX,
  webAppRoutes,
  webBridgeRoutes,
  type WebBridgeOptions,
} from './routes/web-bridge';
import { routeTopics } from '../changes/change-topics';
import { installRequestLog } from './request-log-hook';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries';
import { webhookRoutes } from './routes/webhooks';
import { FORM_PAGE_PREFIX, formPageRoutes } from './form-page-routes';
import { RECEIVER_PREFIX, testReceiverRoutes } from './test-receiver-routes';
import type { TypedApp } from './typed-app';
import { validatorCompiler } from './validation';

export const API_PREFIX = '/api/v1';
export const BODY_LIMIT = 1024 * 1024;

export interface HttpOptions {
  /**
   * Unused since sandbox mode switches live (the /sandbox routes ask `core.isSandbox()` on
   * every request); kept so existing callers compile.
   */
  sandbox?: boolean;
  /** Per-credential bucket; 'off' disables every limit. Default 600 per 60 s. */
  rateLimit?: { limit: number; windowSeconds: number } | 'off';
  /** Fastify/pino logger options; off by default (the CLI decides). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** The web renderer's bridge (web mode); absent, /__bridge does not exist. */
  webBridge?: WebBridgeOptions;
  /** The address the server listens on: on loopback, foreign Host headers are refused. */
  bindHost?: string;
  /** Header, request and keep-alive timeouts (server-limits.ts); default DEFAULT_SERVER_LIMITS. */
  serverLimits?: ServerLimits;
}

const SANDBOX_PATH = `${API_PREFIX}/sandbox/`;

export async function buildHttpApp(core: Core, options: HttpOptions): Promise<TypedApp> {
  // Request ids follow real time: they identify log lines, not domain records.
  const requestIds = createIdFactory(Date.now);
  const app = Fastify({
    logger: loggerOptions(options.logger),
    genReqId: () => requestIds('req'),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    // Slow clients are cut off (issue 17, finding 4); the connection cap is set by createService.
    ...fastifyServerOptions(options.serverLimits ?? DEFAULT_SERVER_LIMITS),
    // In-flight requests finish normally while the server closes; new connections are refused.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: clientErrorHandler(() => requestIds('req')),
    // A URL Fastify cannot decode (bad percent-encoding) is answered like every other failure.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return sendProblem(
        request,
        reply,
        new ProblemError(400, 'bad_request', `The URL is not valid: ${error.message}`),
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as TypedApp;

  app.setValidatorCompiler(validatorCompiler);
  installJsonBodyParser(app);
  installProblemHandlers(app);
  installHostCheck(app, { bindHost: options.bindHost, publicUrl: core.delivery.publicUrl });

  // Sandbox mode switches live (the desktop app's switch): with it off, the /sandbox routes
  // answer like routes that do not exist, before any credential is looked at.
  app.addHook('onRequest', async (request, reply) => {
    if (!core.isSandbox() && request.routeOptions.url?.startsWith(SANDBOX_PATH)) {
      reply.header('x-request-id', request.id);
      throw new ProblemError(
        404,
        'route_not_found',
        `No route matches ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
  });
  // Writes over the API reach the window's change feed too (not only those that log events).
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (request.method === 'GET' || reply.statusCode >= 300 || !url?.startsWith(API_PREFIX)) return;
    const topics = routeTopics(url.slice(API_PREFIX.length));
    if (topics.length) core.changes.changed(...topics);
  });

  installRequestLog(app, core.requestLog);

  // Limits per kind of caller (api-decisions, "Authentication and limits"): the form pages and
  // the test receiver take theirs in their own scopes; /health has none.
  const rateLimits = createRateLimiters(options.rateLimit ?? { limit: 600, windowSeconds: 60 });
  installAuth(app, {
    tokens: core.tokens,
    ...(rateLimits
      ? {
          limiter: rateLimits.credential,
          addressLimiter: rateLimits.address,
          tokenLimiter: rateLimits.tokenExchange,
        }
      : {}),
  });
  installIdempotency(app, { clock: core.clock, q: core.q.idempotency });
  installResponseCheck(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Healthcare Engagement Service (Engage Desk)',
        version: API_VERSION,
        description:
          'The Healthcare Engagement Service interface as embedded in Engage Desk. Errors are RFC 9457 problem documents with a stable `code`; lists use opaque cursors; every POST accepts an Idempotency-Key.',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (sk_…) or an access token from POST /auth/token.',
          },
        },
      },
    },
    // Paths are documented relative to the server URL, which carries the version segment.
    transform: ({ schema, url }) => ({
      schema,
      url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url,
    }),
  });

  await app.register(
    async (api) => {
      const typed = api as unknown as TypedApp;
      healthRoutes(typed);
      const documentText = openapiRoutes(typed, core.isSandbox);
      core.apiDocument.publish(() => documentText(core.isSandbox()));
      authTokenRoutes(typed, core);
      patientRoutes(typed, core);
      clinicalFormRoutes(typed, core);
      formResponseRoutes(typed, core);
      formScheduleRoutes(typed, core);
      conversationRoutes(typed, core);
      alertRoutes(typed, core);
      voiceCallRoutes(typed, core);
      billingRoutes(typed, core);
      webhookRoutes(typed, core);
      webhookDeliveryRoutes(typed, core);
      sandboxClockRoutes(typed, core);
      sandboxOutboxRoutes(typed, core);
      sandboxFormScheduleRoutes(typed, core);
      sandboxEventRoutes(typed, core);
      sandboxResetRoutes(typed, core);
    },
    { prefix: API_PREFIX },
  );
  await app.register(async (pages) => formPageRoutes(pages, core, rateLimits), {
    prefix: FORM_PAGE_PREFIX,
  });
  await app.register(async (scope) => testReceiverRoutes(scope, core, rateLimits), {
    prefix: RECEIVER_PREFIX,
  });
  const bridge = options.webBridge;
  if (bridge) {
    await app.register(
      async (scope) => {
        webBridgeRoutes(scope, core, bridge);
      },
      { prefix: WEB_BRIDGE_PREFIX },
    );
    const appDir = bridge.appDir;
    if (appDir)
      await app.register(async (scope) => webAppRoutes(scope, { token: bridge.token, appDir }));
  }
  await app.ready();
  return app;
}
