import type { Core } from '../../core';
import { CreditBalance, LedgerList, LedgerQuery } from '../../schemas/billing';
import { listBody } from '../../domain/list-page';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Credits'];

export function billingRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/billing/balance',
    route('credits:read', {
      summary: 'Read the credit balance',
      tags,
      operationId: 'getBalance',
      response: { 200: CreditBalance },
    }),
    async () => core.credits.balance(),
  );

  app.get(
    '/billing/ledger',
    route(
      'credits:read',
      {
        summary: 'List credit ledger entries',
        description:
          'Every grant, consumption, refund and monthly reset, newest first. Filters: `kind`, `from` (inclusive) and `to` (exclusive) on createdAt.',
        tags,
        operationId: 'listLedgerEntries',
        querystring: LedgerQuery,
        response: { 200: LedgerList },
      },
      [400],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await core.credits.ledger(request.query))),
  );
}
