import { attrs, escapeHtml } from '../form-page/html';
import type { Channel, Language } from '../schemas/form-schedule';
import type { DeliveryMessage } from './delivery-message';

export interface ChatLinkMessageInput {
  channel: Channel;
  language: Language;
  clinicName: string;
  patientFirstName: string;
  link: string;
}

interface Words {
  greeting: (firstName: string) => string;
  invites: (clinic: string) => string;
  writeHere: string;
  button: string;
  personal: string;
  emergency: string;
  buttonFallback: string;
  signOff: string;
  subject: (clinic: string) => string;
}

const WORDS: Record<Language, Words> = {
  es: {
    greeting: (name) => (name ? `¡Hola, ${name}!` : '¡Hola!'),
    invites: (clinic) => `${clinic} le invita a una conversación con su asistente de seguimiento.`,
    writeHere: 'Puede escribirnos en este enlace:',
    button: 'Abrir la conversación',
    personal:
      'El enlace es personal: por favor, no lo comparta con nadie. Deja de funcionar cuando la conversación termina.',
    emergency: 'Si se encuentra mal de verdad, no espere: llame al 112.',
    buttonFallback: 'Si el botón no funciona, copie este enlace en su navegador:',
    signOff: 'Un saludo,',
    subject: (clinic) => `Conversación con ${clinic}`,
  },
  ca: {
    greeting: (name) => (name ? `Hola, ${name}!` : 'Hola!'),
    invites: (clinic) => `${clinic} el convida a una conversa amb el seu assistent de seguiment.`,
    writeHere: 'Ens pot escriure en aquest enllaç:',
    button: 'Obrir la conversa',
    personal:
      "L'enllaç és personal: si us plau, no el comparteixi amb ningú. Deixa de funcionar quan la conversa acaba.",
    emergency: 'Si es troba malament de debò, no esperi: truqui al 112.',
    buttonFallback: 'Si el botó no funciona, copiï aquest enllaç al navegador:',
    signOff: 'Salutacions cordials,',
    // As the form link's subject: a colon needs no elision before the clinic's name.
    subject: (clinic) => `${clinic}: conversa`,
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    invites: (clinic) => `${clinic} invites you to a conversation with its follow-up assistant.`,
    writeHere: 'You can write to us here:',
    button: 'Open the conversation',
    personal:
      "This link is personal, so please don't share it. It stops working when the conversation ends.",
    emergency: 'If you feel really unwell, do not wait: call 112.',
    buttonFallback: "If the button doesn't work, copy this link into your browser:",
    signOff: 'Kind regards,',
    subject: (clinic) => `Conversation with ${clinic}`,
  },
};

/** The text that carries a chat link (`/c/<token>`) to the patient, on WhatsApp or by e-mail. */
export function renderChatLinkMessage(input: ChatLinkMessageInput): DeliveryMessage {
  const words = WORDS[input.language];
  const firstName = input.patientFirstName.trim();
  const parts = [
    words.greeting(firstName),
    words.invites(input.clinicName),
    `${words.writeHere}\n${input.link}`,
    words.personal,
    words.emergency,
  ];
  if (input.channel === 'whatsapp') return { text: parts.join('\n\n') };
  const text = [...parts, `${words.signOff}\n${input.clinicName}`].join('\n\n');
  // A subject is one header line: line breaks in a name must not reach the mail headers.
  const subject = words.subject(input.clinicName).replace(/\s+/g, ' ').trim();
  return { subject, text, html: emailHtml(input, words, subject) };
}

const P = { style: 'margin:0 0 16px' };

/** Inline styles only, as the form link's e-mail: mail clients drop <style> and never run scripts. */
function emailHtml(input: ChatLinkMessageInput, words: Words, subject: string): string {
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
<p${attrs(P)}>${escapeHtml(words.invites(input.clinicName))}</p>
<p style="margin:24px 0"><a href="${link}" style="${button}">${escapeHtml(words.button)}</a></p>
<p${attrs(P)}>${escapeHtml(words.personal)}</p>
<p${attrs(P)}>${escapeHtml(words.emergency)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#505a5f">${escapeHtml(words.buttonFallback)}<br>
<a href="${link}" style="color:#1d4f91;word-break:break-all">${link}</a></p>
<p style="margin:0">${escapeHtml(words.signOff)}<br>${escapeHtml(input.clinicName)}</p>
</div>
</body>
</html>
`;
}
