import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { AlertListQuery } from './alert';
import { AuditEventListQuery } from './audit-event';
import { LedgerQuery } from './billing';
import { CallListQuery } from './call';
import { DateRangeQuery } from './common';
import { FormScheduleListQuery, LANGUAGES } from './form-schedule';
import { PatientListQuery } from './patient';
import { PATIENT_SELECTION_LIMIT } from '../contract/limits';

/** Language of an export's headers and words; default the app's. */
const language = Type.Optional(Type.Enum([...LANGUAGES], { type: 'string' }));

/**
 * An export's input: the filters of the list it exports (the same schema's, so the export and
 * the screen's list select alike), without the page, and the language.
 */
function exportOf<P extends TProperties & { limit: unknown; cursor: unknown }>(list: TObject<P>) {
  const { limit: _limit, cursor: _cursor, ...filters } = list.properties;
  return Type.Object(
    { ...(filters as Omit<P, 'limit' | 'cursor'>), language },
    {
      additionalProperties: false,
    },
  );
}

/** Patients: the list's filters, or the given patients (a selection) whatever the filters say. */
export const PatientExportInput = Type.Object(
  {
    ...exportOf(PatientListQuery).properties,
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: PATIENT_SELECTION_LIMIT,
        uniqueItems: true,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PatientExportInput = Static<typeof PatientExportInput>;
export const DeliveryExportInput = exportOf(FormScheduleListQuery);
export type DeliveryExportInput = Static<typeof DeliveryExportInput>;
export const CallExportInput = exportOf(CallListQuery);
export type CallExportInput = Static<typeof CallExportInput>;
export const AlertExportInput = exportOf(AlertListQuery);
export type AlertExportInput = Static<typeof AlertExportInput>;
export const AuditExportInput = exportOf(AuditEventListQuery);
export type AuditExportInput = Static<typeof AuditExportInput>;
export const LedgerExportInput = exportOf(LedgerQuery);
export type LedgerExportInput = Static<typeof LedgerExportInput>;

/** The credits breakdown's period; default the current billing period. */
export const BreakdownInput = Type.Object({ ...DateRangeQuery }, { additionalProperties: false });
export type BreakdownInput = Static<typeof BreakdownInput>;
