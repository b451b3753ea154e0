import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { AuditTrail } from '../domain/audit-trail';
import { requestActor } from './request-actor';

/**
 * The HTTP API's side of the audit trail: every handler of a route that authenticated runs as the
 * request's API key from the `api` channel, so the domain's audited reads and writes record who
 * asked (domain/audit-trail.ts). Installed before the routes, once, instead of in each route;
 * public routes (the patient's own form and chat pages, the web bridge, which speaks for the
 * window) run without it.
 */
export function installAuditScope(app: FastifyInstance, audit: AuditTrail): void {
  app.addHook('onRoute', (options) => {
    const handler = options.handler as RouteHandlerMethod;
    options.handler = function (this: FastifyInstance, request, reply) {
      if (!request.credential) return handler.call(this, request, reply);
      return audit.as({ channel: 'api', actor: requestActor(request) }, () =>
        handler.call(this, request, reply),
      );
    };
  });
}
