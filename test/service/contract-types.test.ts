import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BridgeApi, InputOf, OutputOf } from '../../src-preload/contract';
import { OPERATION_INPUTS } from '../../src-main/service/operations/operation-inputs';
import type { CreatePatient, Patient, UpdatePatient } from '../../src-main/service/schemas/patient';
import type { SettingsUpdate } from '../../src-main/service/schemas/desktop';
import { operationNames } from '../../src-preload/contract';

/**
 * The contract's inputs are the schemas' types, not a second copy: these assertions are checked
 * by the type-checker (npm run typecheck) as well as run. Changing a field of `CreatePatient`
 * changes `InputOf<'patients', 'create'>` with it, and the `@ts-expect-error` lines below stop
 * being errors (and so fail the type-check) if the contract ever drifts from the schema.
 */
describe('the contract is derived from the schemas', () => {
  it('inputs are Static<schema>, outputs the resources', () => {
    expectTypeOf<InputOf<'patients', 'create'>>().toEqualTypeOf<Static<typeof CreatePatient>>();
    expectTypeOf<InputOf<'patients', 'update'>>().toEqualTypeOf<{
      id: string;
      patch: Static<typeof UpdatePatient>;
    }>();
    expectTypeOf<InputOf<'settings', 'update'>>().toEqualTypeOf<Static<typeof SettingsUpdate>>();
    expectTypeOf<InputOf<'credits', 'balance'>>().toEqualTypeOf<void>();
    expectTypeOf<OutputOf<'patients', 'get'>>().toEqualTypeOf<Patient>();
  });

  it('every operation of the runtime list has its input schema', () => {
    const specs = OPERATION_INPUTS as unknown as Record<string, Record<string, { kind: string }>>;
    for (const name of operationNames()) {
      const [group, method] = name.split('.') as [string, string];
      expect(specs[group]?.[method]?.kind, name).toMatch(/^(none|body|patch|domain)$/);
    }
    const declared = Object.entries(specs).flatMap(([g, ms]) =>
      Object.keys(ms).map((m) => `${g}.${m}`),
    );
    expect(declared.sort()).toEqual([...operationNames()].sort());
  });
});

// Type-only fixtures, never run: each marked line must stay a type error.
export function typeOnly(api: BridgeApi): void {
  // @ts-expect-error firstName is required by the CreatePatient schema.
  void api.patients.create({ lastName: 'Vidal' });
  // @ts-expect-error `nickname` is not a field of the CreatePatient schema.
  void api.patients.create({ firstName: 'Aina', lastName: 'Vidal', nickname: 'Ai' });
  // @ts-expect-error status is an enum in the schema, not any string.
  void api.patients.update({ id: 'pat_1', patch: { status: 'archived' } });
  // @ts-expect-error the port is an integer in the SettingsUpdate schema.
  void api.settings.update({ port: '8080' });
  // @ts-expect-error an operation without input takes none.
  void api.credits.balance({});
}
