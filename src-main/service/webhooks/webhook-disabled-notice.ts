import type { Language } from '../schemas/form-schedule';

export interface DisabledNoticeInput {
  webhookId: string;
  url: string;
  failed: number;
  total: number;
  clinicName: string;
}

/** The deactivation reason stored on the webhook (API text, English like every API message). */
export function disabledReason(failed: number, total: number): string {
  return `${failed} of ${total} delivery attempts in the last 24 hours failed (more than 95%).`;
}

/**
 * The figures back from a stored reason, so the window can say it in the coordinator's language
 * (the stored text is the API's English); undefined for a reason this module did not write.
 */
export function disabledFigures(reason: string): { failed: number; total: number } | undefined {
  const match = /^(\d+) of (\d+) delivery attempts /.exec(reason);
  return match ? { failed: Number(match[1]), total: Number(match[2]) } : undefined;
}

const TEXT: Record<
  Language,
  { subject: (i: DisabledNoticeInput) => string; body: (i: DisabledNoticeInput) => string }
> = {
  es: {
    subject: (i) => `Webhook desactivado: ${i.url}`,
    body: (i) =>
      `${i.clinicName}: el webhook ${i.webhookId} (${i.url}) se ha desactivado porque ${i.failed} de ${i.total} intentos de entrega de las últimas 24 horas han fallado.\n\n` +
      'No recibirá más eventos hasta que lo reactive. Revise el receptor y reactívelo desde Engage Desk (Webhooks) o con PATCH /webhooks/{id} {"status": "active"}. Las entregas que quedaron pendientes constan como fallidas y se pueden reenviar una a una.',
  },
  ca: {
    subject: (i) => `Webhook desactivat: ${i.url}`,
    body: (i) =>
      `${i.clinicName}: el webhook ${i.webhookId} (${i.url}) s'ha desactivat perquè ${i.failed} de ${i.total} intents de lliurament de les darreres 24 hores han fallat.\n\n` +
      'No rebrà més esdeveniments fins que el reactiveu. Reviseu el receptor i reactiveu-lo des d\'Engage Desk (Webhooks) o amb PATCH /webhooks/{id} {"status": "active"}. Els lliuraments que van quedar pendents consten com a fallits i es poden reenviar un a un.',
  },
  en: {
    subject: (i) => `Webhook disabled: ${i.url}`,
    body: (i) =>
      `${i.clinicName}: webhook ${i.webhookId} (${i.url}) was disabled because ${i.failed} of ${i.total} delivery attempts in the last 24 hours failed.\n\n` +
      'It receives no more events until it is reactivated. Check the receiver, then reactivate it in Engage Desk (Webhooks) or with PATCH /webhooks/{id} {"status": "active"}. Deliveries that were still pending are marked failed and can be retried one by one.',
  },
};

/** The e-mail the clinic gets when a webhook is switched off, in the app's language. */
export function disabledNotice(language: Language, input: DisabledNoticeInput) {
  const text = TEXT[language];
  return { subject: text.subject(input), text: text.body(input) };
}
