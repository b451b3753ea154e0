import { Type, type Static } from 'typebox';
import { DateTime, ListOf, PageQuery, DateRangeQuery } from './common';

export const Plan = Type.Enum(['starter', 'professional', 'enterprise'], { type: 'string' });
export type Plan = Static<typeof Plan>;

export const CreditBalance = Type.Object(
  {
    balance: Type.Integer({ description: 'Credits currently available.' }),
    plan: Plan,
    monthlyAllowance: Type.Integer(),
    usedThisMonth: Type.Integer({
      description: 'Credits consumed (net of refunds) in the current period.',
    }),
    resetsAt: DateTime,
  },
  {
    additionalProperties: false,
    description: 'The credit balance shared by the API and the web platform.',
  },
);
export type CreditBalance = Static<typeof CreditBalance>;

export const LedgerKind = Type.Enum(['grant', 'consume', 'refund', 'reset'], { type: 'string' });
export type LedgerKind = Static<typeof LedgerKind>;

export const LedgerEntry = Type.Object(
  {
    id: Type.String({ pattern: '^led_' }),
    kind: LedgerKind,
    amount: Type.Integer({
      description: 'Signed: grants and refunds are positive, consumes and resets negative.',
    }),
    balanceAfter: Type.Integer(),
    reason: Type.String(),
    resourceType: Type.Optional(Type.String()),
    resourceId: Type.Optional(Type.String()),
    createdAt: DateTime,
  },
  {
    additionalProperties: false,
    description:
      'One movement of credits: a grant, a charge (consume), a refund or a monthly reset.',
  },
);
export type LedgerEntry = Static<typeof LedgerEntry>;

export const LedgerList = ListOf(LedgerEntry, 'Ledger entries, newest first.');

export const LedgerQuery = Type.Object(
  {
    ...PageQuery,
    kind: Type.Optional(
      Type.Enum(['grant', 'consume', 'refund', 'reset'], {
        type: 'string',
        description: 'Only entries of this kind.',
      }),
    ),
    ...DateRangeQuery,
  },
  { additionalProperties: false },
);
export type LedgerQuery = Static<typeof LedgerQuery>;
