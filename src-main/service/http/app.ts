import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Core } from '../core';
import { createIdFactory } from '../ids';
import { installAuth } from './auth';
import { installAuditScope } from './audit-scope';
import { auditEventRoutes } from './routes/audit-events';
import { installIdempotency } from './idempotency';
import { installHostCheck } from './host-check';
import { installProblemHandlers, sendProblem } from './problems';
import { installMethodTable } from './method-table';
import { installJsonBodyParser } from './json-body';
import { loggerOptions } from './log-redaction';
import { clientErrorHandler } from './client-errors';
import { ProblemError } from '../errors';
import { createRateLimiters } from './rate-limit';
import { DEFAULT_SERVER_LIMITS, fastifyServerOptions, type ServerLimits } from './server-limits';
import { installResponseCheck } from './response-check';
import { swaggerOptions } from './openapi-document';
import { alertRoutes } from './routes/alerts';
import { patientNoteRoutes } from './routes/patient-notes';
import { authTokenRoutes } from './routes/auth-token';
import { billingRoutes } from './routes/billing';
import { clinicalFormRoutes } from './routes/clinical-forms';
import { conversationRoutes } from './routes/conversations';
import { formResponseRoutes } from './routes/form-responses';
import { formScheduleRoutes } from './routes/form-schedules';
import { formScheduleSeriesRoutes } from './routes/form-schedule-series';
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
import { installRequestLog } from './request-log-hook';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries';
import { webhookRoutes } from './routes/webhooks';
import { FORM_PAGE_PREFIX, formPageRoutes } from './form-page-routes';
import { chatPageRoutes } from './chat-page-routes';
import { CHAT_PAGE_PREFIX } from '../domain/chat-links';
import { RECEIVER_PREFIX, testReceiverRoutes } from './test-receiver-routes';
import { API_PREFIX } from './api-prefix';
import type { TypedApp } from './typed-app';
import { validatorCompiler } from './validation';

export const BODY_LIMIT = 1024 * 1024;

export interface HttpOptions {
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
/** Node's default limit for the request line and headers together (`--max-http-header-size`). */
const MAX_URL_LENGTH = 16 * 1024;

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
    routerOptions: {
      ignoreTrailingSlash: true,
      // The router's own limit (100 characters a parameter) answered a long id 400 before
      // authentication. Node's 16 KiB for the request line and headers bounds a URL already;
      // past that, the route's schema decides (an id over 64 characters is a 404 after auth).
      maxParamLength: MAX_URL_LENGTH,
    },
    clientErrorHandler: clientErrorHandler(() => requestIds('req')),
    // A URL Fastify cannot decode (bad percent-encoding) is answered like every other failure.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      void sendProblem(
        request,
        reply,
        new ProblemError(400, 'bad_request', `The URL is not valid: ${error.message}`),
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as TypedApp;

  app.setValidatorCompiler(validatorCompiler);
  installJsonBodyParser(app);
  // A known path asked with another method is a 405 with Allow; the sandbox's paths are known
  // only while sandbox mode is on (the test receiver's too), as their routes answer.
  const allowedMethods = installMethodTable(
    app,
    (path) =>
      !core.isSandbox() &&
      (path.startsWith(SANDBOX_PATH) || path.startsWith(`${RECEIVER_PREFIX}/`)),
  );
  installProblemHandlers(app, { allowedMethods });
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
  // Writes over the API reach the window's change feed through the domain services they call,
  // which announce what they changed (changes/domain-topics.ts): nothing to declare per route.

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
  installAuditScope(app, core.audit);
  installIdempotency(app, { clock: core.clock, q: core.idempotency });
  installResponseCheck(app);

  // The document's info, tags, components and headers: openapi-document.ts.
  await app.register(swagger, swaggerOptions(API_PREFIX));

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
      formScheduleSeriesRoutes(typed, core);
      conversationRoutes(typed, core);
      alertRoutes(typed, core);
      patientNoteRoutes(typed, core);
      voiceCallRoutes(typed, core);
      billingRoutes(typed, core);
      auditEventRoutes(typed, core);
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
  await app.register(async (pages) => chatPageRoutes(pages, core, rateLimits), {
    prefix: CHAT_PAGE_PREFIX,
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
