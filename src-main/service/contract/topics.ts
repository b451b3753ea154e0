/**
 * What a change touched; the window refreshes the views that show it. Declared as the keys of
 * one object so the list of every topic (a sandbox reset touches them all) cannot miss one.
 */
const TOPIC_SET = {
  patients: true,
  notes: true,
  forms: true,
  responses: true,
  schedules: true,
  outbox: true,
  conversations: true,
  calls: true,
  credits: true,
  keys: true,
  webhooks: true,
  receiver: true,
  notifications: true,
  alerts: true,
  settings: true,
  clock: true,
} as const;

export type Topic = keyof typeof TOPIC_SET;

/** Every topic, in declaration order. */
export const ALL_TOPICS = Object.keys(TOPIC_SET) as readonly Topic[];
