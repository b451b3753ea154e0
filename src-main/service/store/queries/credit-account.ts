import type { Sql } from '../sql-port';

export interface CreditAccountRow {
  id: 1;
  plan: 'starter' | 'professional' | 'enterprise';
  monthly_allowance: number;
  allowance_balance: number;
  topup_balance: number;
  balance: number;
  used_this_period: number;
  period_start: string;
  resets_at: string;
  low_armed: 0 | 1;
  updated_at: string;
}

/** The single credit account row; its CHECKs keep the balance from going below zero. */
export function createCreditAccountQueries(db: Sql) {
  const get = db.prepare<[], CreditAccountRow>('SELECT * FROM credit_account WHERE id = 1');
  const insert = db.prepare<CreditAccountRow>(
    `INSERT INTO credit_account (id, plan, monthly_allowance, allowance_balance, topup_balance, balance,
       used_this_period, period_start, resets_at, low_armed, updated_at)
     VALUES (1, @plan, @monthly_allowance, @allowance_balance, @topup_balance, @balance,
       @used_this_period, @period_start, @resets_at, @low_armed, @updated_at)`,
  );
  const save = db.prepare<CreditAccountRow>(
    `UPDATE credit_account SET plan = @plan, monthly_allowance = @monthly_allowance,
       allowance_balance = @allowance_balance, topup_balance = @topup_balance, balance = @balance,
       used_this_period = @used_this_period, period_start = @period_start, resets_at = @resets_at,
       low_armed = @low_armed, updated_at = @updated_at
     WHERE id = 1`,
  );
  return {
    get: () => get.get(),
    insert: (row: CreditAccountRow) => insert.run(row),
    save: (row: CreditAccountRow) => save.run(row),
  };
}
