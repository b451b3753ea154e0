import type { Plan } from '../../../../src-preload/contract';

/** Monthly credit allowances (src-main/service/domain/pricing.ts), shown beside each plan. */
export const PLAN_ALLOWANCE = {
  starter: 500,
  professional: 2000,
  enterprise: 10000,
} as const satisfies Record<Plan, number>;

export const PLANS = Object.keys(PLAN_ALLOWANCE) as Plan[];
