import type { ReceivedRequest, WebhookDelivery, WebhookView } from '../../src-preload/contract';

/** Webhooks, deliveries and receiver requests as the service answers them (shared by the tests). */

export const RECEIVER_URL = 'http://127.0.0.1:4010/sandbox-receiver/inbox';

export const crm: WebhookView = {
  id: 'wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  url: 'https://crm.example.org/hooks/engage',
  events: ['form.completed', 'patient.created'],
  status: 'active',
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
  stats: {
    attempts: 4,
    failedAttempts: 2,
    lastAttempt: { at: '2026-11-24T09:00:00.000Z', succeeded: true, statusCode: 200 },
    pendingDeliveries: 1,
    failedDeliveries: 1,
  },
};

export const broken: WebhookView = {
  id: 'wh_01JD8X3V6Q9R2T5W7Y0B4C6E9H',
  url: 'https://ehr.example.org/webhooks',
  events: ['call.ended'],
  status: 'disabled',
  disabledAt: '2026-11-20T12:00:00.000Z',
  disabledReason: '19 of 20 delivery attempts in the last 24 hours failed (more than 95%).',
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  stats: {
    attempts: 20,
    failedAttempts: 19,
    lastAttempt: {
      at: '2026-11-20T12:00:00.000Z',
      succeeded: false,
      error: 'connection_error',
    },
    pendingDeliveries: 0,
    failedDeliveries: 3,
    disabledBy: { failed: 19, total: 20 },
  },
};

const SIGNATURE = `sha256=${'ab'.repeat(32)}`;

export function headersOf(eventId: string, event = 'form.completed'): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-service-signature': SIGNATURE,
    'x-service-event': event,
    'x-service-delivery': eventId,
  };
}

const payload = (eventId: string) => ({
  id: eventId,
  event: 'form.completed' as const,
  createdAt: '2026-11-24T08:59:59.000Z',
  data: { responseId: 'resp_1', formId: 'form_1', patientId: 'pat_1' },
});

/** A delivery that failed four times (500, 500, timeout, 503) and is settled as failed. */
export const failedDelivery: WebhookDelivery = {
  eventId: 'evt_01JD8X3V6Q9R2T5W7Y0B4C6E01',
  event: 'form.completed',
  webhookId: crm.id,
  status: 'failed',
  attemptCount: 4,
  lastAttemptAt: '2026-11-24T10:11:00.000Z',
  failedAt: '2026-11-24T10:11:00.000Z',
  failureReason: 'retries_exhausted',
  createdAt: '2026-11-24T09:00:00.000Z',
  payload: payload('evt_01JD8X3V6Q9R2T5W7Y0B4C6E01'),
  attempts: [
    {
      id: 'dlv_1',
      trigger: 'automatic',
      succeeded: false,
      attemptedAt: '2026-11-24T09:00:00.000Z',
      durationMs: 35,
      url: crm.url,
      statusCode: 500,
      error: 'http_error',
      errorDetail: 'The receiver answered 500; only a 2xx is a success.',
      requestHeaders: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E01'),
      responseBody: '{"error":"database down"}',
    },
    {
      id: 'dlv_2',
      trigger: 'automatic',
      succeeded: false,
      attemptedAt: '2026-11-24T09:01:00.000Z',
      durationMs: 1240,
      url: crm.url,
      statusCode: 500,
      error: 'http_error',
      requestHeaders: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E01'),
      responseBody: 'Internal Server Error',
    },
    {
      id: 'dlv_3',
      trigger: 'automatic',
      succeeded: false,
      attemptedAt: '2026-11-24T09:11:00.000Z',
      durationMs: 10000,
      url: crm.url,
      error: 'timeout',
      errorDetail: 'No complete answer within 10 seconds.',
      requestHeaders: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E01'),
    },
    {
      id: 'dlv_4',
      trigger: 'automatic',
      succeeded: false,
      attemptedAt: '2026-11-24T10:11:00.000Z',
      durationMs: 3,
      url: crm.url,
      error: 'connection_error',
      errorDetail: 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.5:443',
      requestHeaders: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E01'),
    },
  ],
};

export const deliveredDelivery: WebhookDelivery = {
  eventId: 'evt_01JD8X3V6Q9R2T5W7Y0B4C6E02',
  event: 'patient.created',
  webhookId: crm.id,
  status: 'delivered',
  attemptCount: 1,
  lastAttemptAt: '2026-11-24T08:00:00.000Z',
  deliveredAt: '2026-11-24T08:00:00.000Z',
  createdAt: '2026-11-24T08:00:00.000Z',
  payload: { ...payload('evt_01JD8X3V6Q9R2T5W7Y0B4C6E02'), event: 'patient.created' },
  attempts: [
    {
      id: 'dlv_5',
      trigger: 'automatic',
      succeeded: true,
      attemptedAt: '2026-11-24T08:00:00.000Z',
      durationMs: 12,
      url: crm.url,
      statusCode: 204,
      requestHeaders: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E02', 'patient.created'),
    },
  ],
};

/** The failed delivery after a successful manual retry. */
export function retried(delivery: WebhookDelivery, statusCode = 200): WebhookDelivery {
  const { failedAt: _failedAt, failureReason: _reason, ...rest } = delivery;
  return {
    ...rest,
    status: 'delivered',
    deliveredAt: '2026-11-24T11:00:00.000Z',
    attempts: [
      ...delivery.attempts,
      {
        id: 'dlv_9',
        trigger: 'manual',
        succeeded: true,
        attemptedAt: '2026-11-24T11:00:00.000Z',
        durationMs: 18,
        url: delivery.attempts[0]!.url,
        statusCode,
        requestHeaders: headersOf(delivery.eventId),
        responseBody: '{"received":true,"verified":true}',
      },
    ],
  };
}

export const verifiedRequest: ReceivedRequest = {
  seq: 2,
  name: 'inbox',
  receivedAt: '2026-11-24T09:30:00.000Z',
  headers: headersOf('evt_01JD8X3V6Q9R2T5W7Y0B4C6E03'),
  body: JSON.stringify(payload('evt_01JD8X3V6Q9R2T5W7Y0B4C6E03')),
  bodySize: 170,
  bodyTruncated: false,
  eventId: 'evt_01JD8X3V6Q9R2T5W7Y0B4C6E03',
  event: 'form.completed',
  webhook: { id: crm.id, url: RECEIVER_URL },
  verified: true,
  verdict: 'verified',
  answeredStatus: 200,
};

export const forgedRequest: ReceivedRequest = {
  seq: 1,
  name: 'inbox',
  receivedAt: '2026-11-24T09:20:00.000Z',
  headers: { 'content-type': 'application/json', 'x-service-signature': 'sha256=00' },
  body: '{"hello":"world"}',
  bodySize: 17,
  bodyTruncated: false,
  verified: false,
  verdict: 'signature_mismatch',
  answeredStatus: 500,
};
