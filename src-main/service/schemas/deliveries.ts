import { Type } from 'typebox';
import { RetryFormSchedule } from './form-schedule';

/**
 * Inputs of the Deliveries screen's own operations (no HTTP route: they only aggregate what
 * GET /form-schedules already lists), checked by the same strict body validator as the API.
 */

/** The calendar's widest window: a year, as far ahead as a delivery can be planned. */
export const CALENDAR_MAX_DAYS = 366;

export const CalendarInput = Type.Object(
  {
    from: Type.String({ format: 'date-time', description: 'Inclusive start of the window.' }),
    to: Type.String({ format: 'date-time', description: 'Exclusive end of the window.' }),
    timeZone: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "IANA time zone whose calendar days the counts follow (the coordinator's).",
    }),
  },
  { additionalProperties: false },
);

/** `schedules.retry`: the failed delivery's id with POST /form-schedules/{id}/retry's body. */
export const RetryScheduleInput = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), ...RetryFormSchedule.properties },
  { additionalProperties: false },
);
