import type {
  FormSchedule,
  FormScheduleSeries,
  InputOf,
  PatientRef,
} from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';

export type ScheduleInput = InputOf<'schedules', 'create'>;

/** What happened to one patient of a bulk delivery. */
export type BulkOutcome =
  | { patient: PatientRef; status: 'created'; schedule: FormSchedule | FormScheduleSeries }
  | { patient: PatientRef; status: 'failed'; error: BridgeFailure }
  /** Not attempted: the run stopped before this patient's turn. */
  | { patient: PatientRef; status: 'skipped' };

export interface BulkResult {
  outcomes: BulkOutcome[];
  /** Why the run stopped early: a refusal that would refuse every later patient too, or the user. */
  stoppedBy?: BridgeFailure | 'user';
}

/**
 * Whether a refusal concerns only this patient (the next one may well succeed) or the delivery
 * itself, which every later patient would meet too: no credits left, the form archived meanwhile,
 * the time already past, the service unreachable. Only the first kind lets the run go on.
 */
export function concernsOnlyThePatient(error: BridgeFailure): boolean {
  if (error.code === 'patient_unreachable' || error.code === 'patient_inactive') return true;
  if (error.code === 'validation_failed') {
    const pointers = Object.keys(error.fieldErrors());
    return pointers.length > 0 && pointers.every((p) => p === '/patientId');
  }
  return false;
}

/**
 * Creates one delivery per patient, one after the other through the bridge (each is its own
 * charge and its own transaction in the service), reporting every outcome as it lands. A refusal
 * that concerns only that patient is recorded and the run goes on; any other stops the run and
 * the patients not reached are reported as not scheduled. Nothing already created is undone:
 * each delivery stands on its own and can be cancelled (and refunded) from the list.
 */
export async function runBulkSchedule(options: {
  patients: readonly PatientRef[];
  input: Omit<ScheduleInput, 'patientId'>;
  /** A delivery, or a series of them when the plan repeats. */
  create: (input: ScheduleInput) => Promise<FormSchedule | FormScheduleSeries>;
  onOutcome: (outcomes: readonly BulkOutcome[]) => void;
  /** Asked before each patient: true once the user pressed Stop. */
  stopRequested: () => boolean;
}): Promise<BulkResult> {
  const outcomes: BulkOutcome[] = [];
  let stoppedBy: BulkResult['stoppedBy'];
  for (const patient of options.patients) {
    if (stoppedBy === undefined && options.stopRequested()) stoppedBy = 'user';
    if (stoppedBy !== undefined) {
      outcomes.push({ patient, status: 'skipped' });
      continue;
    }
    try {
      const schedule = await options.create({ ...options.input, patientId: patient.id });
      outcomes.push({ patient, status: 'created', schedule });
    } catch (error) {
      const failure = asFailure(error);
      outcomes.push({ patient, status: 'failed', error: failure });
      if (!concernsOnlyThePatient(failure)) stoppedBy = failure;
    }
    options.onOutcome([...outcomes]);
  }
  options.onOutcome([...outcomes]);
  return stoppedBy === undefined ? { outcomes } : { outcomes, stoppedBy };
}
