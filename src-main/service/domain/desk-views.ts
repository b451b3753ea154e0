import type { Clock } from '../jobs/clock';
import type { Queries } from '../store/queries';
import type { Credits } from './credits';
import { createCreditUsage } from './credit-usage';
import { createDashboardLists } from './dashboard-lists';
import { createDeliveryViews } from './delivery-views';
import { createPatientNames } from './patient-names';
import { createPatientTimeline } from './patient-timeline';
import { createWebhookViews } from './webhook-views';
import { createResponseViews } from './response-analysis';
import { createResponseExport } from './response-export';
import type { Forms } from './forms';
import type { Language } from '../schemas/form-schedule';

/**
 * The reads across resources the desk shows (names beside ids, a patient's timeline, the
 * dashboard's lists, deliveries with their names, credit usage, webhook figures): domain
 * functions, so any transport may answer them and none reaches the store itself.
 */
export function createDeskViews(deps: {
  q: Queries;
  clock: Clock;
  credits: Credits;
  forms: Forms;
  /** The clinic's language (the export's headers default to it). */
  appLanguage: () => Promise<Language>;
  /** Throws the 404 of an unknown patient. */
  requirePatient: (id: string) => Promise<void>;
}) {
  const { q, clock } = deps;
  const patientNames = createPatientNames(q);
  const responses = createResponseViews({ q, forms: deps.forms });
  return {
    /** A form's responses with their scores, one in full, the charts' measures. */
    responses,
    /** The responses as CSV. */
    exportResponses: createResponseExport({
      q,
      views: responses,
      clock,
      appLanguage: deps.appLanguage,
    }),
    patientNames,
    timeline: createPatientTimeline({
      q,
      requirePatient: deps.requirePatient,
      scoresOf: responses.scoresOf,
    }),
    dashboard: createDashboardLists(q),
    deliveries: createDeliveryViews({ q, clock, names: patientNames }),
    creditUsage: createCreditUsage({ q, clock, credits: deps.credits }),
    webhooks: createWebhookViews({ q, clock }),
  };
}
