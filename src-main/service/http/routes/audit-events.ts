import type { Core } from '../../core';
import { listBody } from '../../domain/list-page';
import { AuditEventList, AuditEventListQuery } from '../../schemas/audit-event';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function auditEventRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/audit-events',
    route(
      'audit:read',
      {
        summary: 'List audit events',
        description:
          "Who read or changed which patient's record, when and from where (`window`, `api`, `cli`), newest first: ids, codes and counts, never clinical content. Filters: `patientId`, `actor` (an API key id, `desk` or `cli`), `action`, `channel`, `from` (inclusive) and `to` (exclusive). Needs `audit:read`, which no other permission implies. Reading the trail is not itself recorded.",
        tags: ['Audit'],
        operationId: 'listAuditEvents',
        querystring: AuditEventListQuery,
        response: { 200: AuditEventList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await core.audit.list(request.query))),
  );
}
