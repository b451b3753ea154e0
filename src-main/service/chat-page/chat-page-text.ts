import type { Language } from '../schemas/form-schedule';

/** Why the patient's message was not taken: shown above the box, which keeps their words. */
export type ChatInputError = 'empty' | 'too_long' | 'invalid';

/** What the link shows when there is no conversation to write in. */
export type ChatStatusKind = 'ended' | 'not_found' | 'busy' | 'unanswered';

export interface ChatPageText {
  title: string;
  intro: (clinicName: string) => string;
  emergency: string;
  assistant: (clinicName: string) => string;
  you: string;
  messagesLabel: string;
  messageLabel: string;
  messageHint: string;
  send: string;
  errorPrefix: string;
  errors: Record<ChatInputError, string>;
  status: Record<ChatStatusKind, { title: string; paragraphs: (clinicName: string) => string[] }>;
}

const es: ChatPageText = {
  title: 'Conversación',
  intro: (clinic) =>
    `Escriba aquí y el asistente de ${clinic} le responderá. El equipo de la clínica puede leer esta conversación.`,
  emergency: 'Si se encuentra mal de verdad, no espere: llame al 112.',
  assistant: (clinic) => `Asistente de ${clinic}`,
  you: 'Usted',
  messagesLabel: 'Mensajes',
  messageLabel: 'Su mensaje',
  messageHint: 'Escriba con sus palabras cómo se encuentra o qué necesita.',
  send: 'Enviar',
  errorPrefix: 'Error:',
  errors: {
    empty: 'Escriba su mensaje antes de enviarlo.',
    too_long: 'El mensaje es demasiado largo: escriba como mucho 4.000 caracteres.',
    invalid: 'El mensaje tiene caracteres que no se pueden enviar. Escríbalo de nuevo.',
  },
  status: {
    ended: {
      title: 'Esta conversación ha terminado',
      paragraphs: (clinic) => [
        'El enlace ya no está activo, porque la conversación se ha cerrado.',
        `Si necesita algo, contacte con ${clinic}. Si se encuentra mal de verdad, llame al 112.`,
      ],
    },
    not_found: {
      title: 'Este enlace no funciona',
      paragraphs: (clinic) => [
        'Compruebe que ha abierto el enlace completo, tal como lo recibió.',
        `Si el problema continúa, contacte con ${clinic}.`,
      ],
    },
    busy: {
      title: 'Demasiados intentos',
      paragraphs: () => ['Espere un minuto y vuelva a abrir el enlace.'],
    },
    unanswered: {
      title: 'Hemos recibido su mensaje',
      paragraphs: (clinic) => [
        `Ahora mismo el asistente no puede responder. ${clinic} ya lo sabe y se pondrá en contacto con usted.`,
        'Si se encuentra mal de verdad, no espere: llame al 112.',
      ],
    },
  },
};

const ca: ChatPageText = {
  title: 'Conversa',
  intro: (clinic) =>
    `Escrigui aquí i l'assistent de ${clinic} li respondrà. L'equip de la clínica pot llegir aquesta conversa.`,
  emergency: 'Si es troba malament de debò, no esperi: truqui al 112.',
  assistant: (clinic) => `Assistent de ${clinic}`,
  you: 'Vostè',
  messagesLabel: 'Missatges',
  messageLabel: 'El seu missatge',
  messageHint: 'Escrigui amb les seves paraules com es troba o què necessita.',
  send: 'Enviar',
  errorPrefix: 'Error:',
  errors: {
    empty: "Escrigui el missatge abans d'enviar-lo.",
    too_long: 'El missatge és massa llarg: escrigui com a màxim 4.000 caràcters.',
    invalid: "El missatge té caràcters que no es poden enviar. Torni'l a escriure.",
  },
  status: {
    ended: {
      title: 'Aquesta conversa ha acabat',
      paragraphs: (clinic) => [
        "L'enllaç ja no està actiu, perquè la conversa s'ha tancat.",
        `Si necessita alguna cosa, contacti amb ${clinic}. Si es troba malament de debò, truqui al 112.`,
      ],
    },
    not_found: {
      title: 'Aquest enllaç no funciona',
      paragraphs: (clinic) => [
        "Comprovi que ha obert l'enllaç complet, tal com el va rebre.",
        `Si el problema continua, contacti amb ${clinic}.`,
      ],
    },
    busy: {
      title: 'Massa intents',
      paragraphs: () => ["Esperi un minut i torni a obrir l'enllaç."],
    },
    unanswered: {
      title: 'Hem rebut el seu missatge',
      paragraphs: (clinic) => [
        `Ara mateix l'assistent no pot respondre. ${clinic} ja ho sap i es posarà en contacte amb vostè.`,
        'Si es troba malament de debò, no esperi: truqui al 112.',
      ],
    },
  },
};

const en: ChatPageText = {
  title: 'Conversation',
  intro: (clinic) =>
    `Write here and the ${clinic} assistant will answer. The clinic's team can read this conversation.`,
  emergency: 'If you feel really unwell, do not wait: call 112.',
  assistant: (clinic) => `${clinic} assistant`,
  you: 'You',
  messagesLabel: 'Messages',
  messageLabel: 'Your message',
  messageHint: 'Say in your own words how you are or what you need.',
  send: 'Send',
  errorPrefix: 'Error:',
  errors: {
    empty: 'Write your message before sending it.',
    too_long: 'The message is too long: write 4,000 characters at most.',
    invalid: 'The message has characters that cannot be sent. Please write it again.',
  },
  status: {
    ended: {
      title: 'This conversation has ended',
      paragraphs: (clinic) => [
        'This link no longer works because the conversation was closed.',
        `If you need anything, contact ${clinic}. If you feel really unwell, call 112.`,
      ],
    },
    not_found: {
      title: "This link doesn't work",
      paragraphs: (clinic) => [
        'Check that you opened the whole link, exactly as you received it.',
        `If it still doesn't work, contact ${clinic}.`,
      ],
    },
    busy: {
      title: 'Too many attempts',
      paragraphs: () => ['Wait a minute and open the link again.'],
    },
    unanswered: {
      title: 'We have your message',
      paragraphs: (clinic) => [
        `The assistant cannot answer right now. ${clinic} has been told and will contact you.`,
        'If you feel really unwell, do not wait: call 112.',
      ],
    },
  },
};

const TEXTS: Record<Language, ChatPageText> = { es, ca, en };

export function chatPageText(language: Language): ChatPageText {
  return TEXTS[language];
}
