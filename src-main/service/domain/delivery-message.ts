import { attrs, escapeHtml, textToParagraphs } from '../form-page/html';
import type { Channel, Language } from '../schemas/form-schedule';

export interface DeliveryMessageInput {
  channel: Channel;
  language: Language;
  clinicName: string;
  patientFirstName: string;
  formName: string;
  /** The coordinator's own words, sent as they wrote them. */
  message?: string | undefined;
  link: string;
  /** The one reminder of an unanswered form: the same link, a shorter text. */
  reminder?: boolean;
}

export interface DeliveryMessage {
  /** E-mail only. */
  subject?: string;
  text: string;
  /** E-mail only. */
  html?: string;
}

interface Words {
  greeting: (firstName: string) => string;
  /** `form` arrives quoted or in bold, as the channel shows it. */
  sends: (clinic: string, form: string) => string;
  /** The reminder's opening, instead of `sends`. */
  reminds: (clinic: string, form: string) => string;
  reminderSubject: (subject: string) => string;
  quote: (form: string) => string;
  answerHere: string;
  button: string;
  reassurance: string;
  buttonFallback: string;
  signOff: string;
  subject: (clinic: string, form: string) => string;
}

const WORDS: Record<Language, Words> = {
  es: {
    greeting: (name) => (name ? `¡Hola, ${name}!` : '¡Hola!'),
    sends: (clinic, form) => `${clinic} le envía el formulario ${form}.`,
    reminds: (clinic, form) =>
      `Le recordamos que ${clinic} le envió el formulario ${form} y aún no lo ha respondido.`,
    reminderSubject: (subject) => `Recordatorio: ${subject}`,
    quote: (form) => `«${form}»`,
    answerHere: 'Puede responderlo en este enlace:',
    button: 'Responder el formulario',
    reassurance:
      'Le llevará solo unos minutos. El enlace es personal: por favor, no lo comparta con nadie.',
    buttonFallback: 'Si el botón no funciona, copie este enlace en su navegador:',
    signOff: 'Un saludo,',
    subject: (clinic, form) => `Formulario «${form}» de ${clinic}`,
  },
  ca: {
    greeting: (name) => (name ? `Hola, ${name}!` : 'Hola!'),
    sends: (clinic, form) => `${clinic} li envia el formulari ${form}.`,
    reminds: (clinic, form) =>
      `Li recordem que ${clinic} li va enviar el formulari ${form} i encara no l'ha respost.`,
    reminderSubject: (subject) => `Recordatori: ${subject}`,
    quote: (form) => `«${form}»`,
    answerHere: "Pot respondre'l en aquest enllaç:",
    button: 'Respondre el formulari',
    reassurance:
      "Trigarà només uns minuts. L'enllaç és personal: si us plau, no el comparteixi amb ningú.",
    buttonFallback: 'Si el botó no funciona, copiï aquest enllaç al navegador:',
    signOff: 'Salutacions cordials,',
    // "de" + clinic would need elision or an article ("de l'Hospital…"); the colon needs neither.
    subject: (clinic, form) => `${clinic}: formulari «${form}»`,
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    sends: (clinic, form) => `${clinic} has sent you the form ${form}.`,
    reminds: (clinic, form) =>
      `A reminder: ${clinic} sent you the form ${form} and it has not been answered yet.`,
    reminderSubject: (subject) => `Reminder: ${subject}`,
    quote: (form) => `“${form}”`,
    answerHere: 'You can answer it here:',
    button: 'Answer the form',
    reassurance: "It only takes a few minutes. This link is personal, so please don't share it.",
    buttonFallback: "If the button doesn't work, copy this link into your browser:",
    signOff: 'Kind regards,',
    subject: (clinic, form) => `“${form}” form from ${clinic}`,
  },
};

/** The text that carries a form link to the patient, on WhatsApp or by e-mail. */
export function renderDeliveryMessage(input: DeliveryMessageInput): DeliveryMessage {
  const words = WORDS[input.language];
  const firstName = input.patientFirstName.trim();
  // The coordinator's words went with the first message; the reminder keeps to the point.
  const note = input.reminder
    ? undefined
    : input.message?.replace(/\r\n?/g, '\n').trim() || undefined;
  const opening = input.reminder ? words.reminds : words.sends;

  if (input.channel === 'whatsapp') {
    const text = [
      words.greeting(firstName),
      opening(input.clinicName, whatsappBold(input.formName)),
      note,
      `${words.answerHere}\n${input.link}`,
      words.reassurance,
    ]
      .filter((part) => part !== undefined)
      .join('\n\n');
    return { text };
  }

  const sends = opening(input.clinicName, words.quote(input.formName));
  const text = [
    words.greeting(firstName),
    sends,
    note,
    `${words.answerHere}\n${input.link}`,
    words.reassurance,
    `${words.signOff}\n${input.clinicName}`,
  ]
    .filter((part) => part !== undefined)
    .join('\n\n');
  // A subject is one header line: line breaks in a name must not reach the mail headers.
  const plain = words.subject(input.clinicName, input.formName).replace(/\s+/g, ' ').trim();
  const subject = input.reminder ? words.reminderSubject(plain) : plain;
  return { subject, text, html: emailHtml(input, words, subject, sends, note) };
}

/** WhatsApp has no escape for `*`: a name that has one is left plain rather than half bold. */
function whatsappBold(text: string): string {
  return text.includes('*') || text.trim() === '' ? text : `*${text}*`;
}

const P = { style: 'margin:0 0 16px' };

/** Inline styles only: mail clients drop <style> blocks and never run scripts. */
function emailHtml(
  input: DeliveryMessageInput,
  words: Words,
  subject: string,
  sends: string,
  note: string | undefined,
): string {
  const link = escapeHtml(input.link);
  const button =
    'display:inline-block;padding:12px 24px;background:#1d4f91;color:#ffffff;' +
    'font-weight:bold;text-decoration:none;border-radius:6px';
  return `<!doctype html>
<html${attrs({ lang: input.language })}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px 16px;background:#ffffff;color:#0b0c0c;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<p${attrs(P)}>${escapeHtml(words.greeting(input.patientFirstName.trim()))}</p>
<p${attrs(P)}>${escapeHtml(sends)}</p>
${note ? `${textToParagraphs(note, P)}\n` : ''}<p style="margin:24px 0"><a href="${link}" style="${button}">${escapeHtml(words.button)}</a></p>
<p${attrs(P)}>${escapeHtml(words.reassurance)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#505a5f">${escapeHtml(words.buttonFallback)}<br>
<a href="${link}" style="color:#1d4f91;word-break:break-all">${link}</a></p>
<p style="margin:0">${escapeHtml(words.signOff)}<br>${escapeHtml(input.clinicName)}</p>
</div>
</body>
</html>
`;
}
