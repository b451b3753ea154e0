import { createPrng } from '../../../src-main/service/seed/prng';

export type Op = 'conversation' | 'message' | 'schedule' | 'cancel' | 'call';

/** One credit-spending request and what came of it. */
export interface Sent {
  op: Op;
  round: number;
  path: string;
  body: unknown;
  key: string;
  /** The conversation a message went to, the schedule a cancel was for. */
  target?: string;
  /** Undefined when no answer came (the server died with the request in flight). */
  status?: number;
  response?: any;
  replayed?: boolean;
  error?: string;
}

export interface Fixtures {
  formIds: string[];
  /** Active patients with a phone and an e-mail address. */
  patientIds: string[];
}

/** What the load knows exists: targets for messages and cancels. */
export interface Known {
  conversations: string[];
  /** Pending schedules due well in the future, so a cancel can still find them pending. */
  cancellable: string[];
}

export interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

export async function post(
  baseUrl: string,
  apiKey: string,
  path: string,
  body: unknown,
  idempotencyKey: string,
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'idempotency-key': idempotencyKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep the text */
  }
  return {
    status: res.status,
    body: parsed,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

/** Takes what a 2xx says exists into `known`. */
export function learn(known: Known, sent: Sent): void {
  if (sent.status === undefined || sent.status >= 300) return;
  if (sent.op === 'conversation') known.conversations.push(sent.response.id);
  if (sent.op === 'schedule' && (sent.body as { scheduledAt?: string }).scheduledAt)
    known.cancellable.push(sent.response.id);
}

/**
 * `workers` loops sending credit-spending requests (each with its own Idempotency-Key) until
 * `stopped()`; every request is logged with its outcome. Each worker has its own seeded generator.
 */
export async function spend(options: {
  baseUrl: string;
  apiKey: string;
  seed: number;
  round: number;
  workers: number;
  fixtures: Fixtures;
  known: Known;
  /** The service's "now" (ms), for future scheduledAt values. */
  serviceNow: number;
  log: Sent[];
  stopped: () => boolean;
}): Promise<void> {
  const { fixtures, known, log } = options;
  let counter = 0;
  const worker = async (index: number) => {
    const rng = createPrng(options.seed * 1000 + options.round * 50 + index);
    while (!options.stopped()) {
      const roll = rng.next();
      const patientId = rng.pick(fixtures.patientIds);
      const key = `crash-${options.round}-${index}-${counter++}`;
      let sent: Sent;
      if (roll < 0.12 || known.conversations.length === 0) {
        sent = {
          op: 'conversation',
          round: options.round,
          path: '/conversations',
          body: { patientId, context: 'Post-operative follow-up: ask about pain.', language: 'en' },
          key,
        };
      } else if (roll < 0.45) {
        const target = rng.pick(known.conversations);
        sent = {
          op: 'message',
          round: options.round,
          path: `/conversations/${target}/messages`,
          body: { content: `Pain is ${rng.int(0, 10)} out of 10 today.` },
          key,
          target,
        };
      } else if (roll < 0.8) {
        const later = rng.next() < 0.6;
        sent = {
          op: 'schedule',
          round: options.round,
          path: '/form-schedules',
          body: {
            formId: rng.pick(fixtures.formIds),
            patientId,
            channel: rng.next() < 0.5 ? 'whatsapp' : 'email',
            ...(later
              ? {
                  scheduledAt: new Date(
                    options.serviceNow + rng.int(20, 120) * 60_000,
                  ).toISOString(),
                }
              : {}),
          },
          key,
        };
      } else if (roll < 0.93 && known.cancellable.length > 0) {
        // Taken out of the pool: each schedule is cancelled once by the load.
        const target = known.cancellable.splice(rng.int(0, known.cancellable.length - 1), 1)[0]!;
        sent = {
          op: 'cancel',
          round: options.round,
          path: `/form-schedules/${target}/cancel`,
          body: undefined,
          key,
          target,
        };
      } else {
        sent = {
          op: 'call',
          round: options.round,
          path: '/voice/calls',
          body: { patientId, purpose: 'Check on recovery after surgery.' },
          key,
        };
      }
      log.push(sent);
      try {
        const answer = await post(options.baseUrl, options.apiKey, sent.path, sent.body, key);
        sent.status = answer.status;
        sent.response = answer.body;
        sent.replayed = answer.replayed;
        learn(known, sent);
      } catch (error) {
        sent.error = String((error as Error).cause ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i)));
}
