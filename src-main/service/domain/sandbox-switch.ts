import { SANDBOX_SETTING, savedSandbox } from '../app-settings';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { SandboxAction, SandboxSource } from '../store/queries/sandbox-audit';

/**
 * Whether this clinic is a sandbox, and the record of every switch and reset (sandbox_audit).
 * The desktop app's switch is saved; an explicit option (a CLI flag, a test) wins over it. A
 * clinic is real unless said otherwise: sandbox mode is off by default.
 */
export async function createSandboxSwitch(deps: {
  db: Sql;
  q: Queries;
  clock: Clock;
  newId: IdFactory;
  /** Given, it wins over the saved switch (see CoreOptions.sandbox). */
  explicit: boolean | undefined;
  /** For a clinic whose switch was never saved. */
  fallback: boolean;
  /** Where an explicit switch comes from, for the audit. */
  source: SandboxSource;
}) {
  const { db, q, clock, newId } = deps;
  const saved = await savedSandbox(q.settings);
  let on = deps.explicit ?? saved ?? deps.fallback;

  /** Records a switch or a reset of the sandbox, with the clinic's size at that moment. */
  async function audit(action: SandboxAction, source: SandboxSource): Promise<void> {
    await q.sandboxAudit.insert({
      id: newId('sbx', clock.now()),
      at: clock.nowIso(),
      action,
      source,
      patients: await q.patients.count({}),
    });
  }
  if (saved === false && on) await audit('enabled', deps.source);
  if (saved === undefined) await q.settings.set(SANDBOX_SETTING, on ? 'on' : 'off');

  return {
    isOn: () => on,
    /**
     * Switches sandbox mode, saves and records it; webhook URL rules and the /sandbox routes
     * follow at once. The caller asks for confirmation before turning it on over a clinic's data
     * (settings.update's `confirmSandbox`).
     */
    async set(next: boolean, source: SandboxSource): Promise<void> {
      if (next === on) return;
      await db.transaction(async () => {
        await q.settings.set(SANDBOX_SETTING, next ? 'on' : 'off');
        await audit(next ? 'enabled' : 'disabled', source);
      });
      on = next;
    },
    audit,
    /** The latest switches and resets, newest first (the settings screen shows them). */
    latest: (limit = 20) => q.sandboxAudit.latest(limit),
  };
}
