import { attrs, escapeHtml, textToParagraphs } from '../form-page/html';
import { renderPageShell } from '../form-page/page-shell';
import type { Language } from '../schemas/form-schedule';
import { CHAT_PAGE_CSS } from './chat-page-style';
import { chatPageText, type ChatInputError, type ChatStatusKind } from './chat-page-text';

export type { ChatInputError, ChatStatusKind } from './chat-page-text';

/** A message as the patient's page shows it: who, what, and whether it was urgent. */
export interface ChatPageMessage {
  role: 'assistant' | 'patient';
  content: string;
  escalated: boolean;
}

export interface ChatPageInput {
  language: Language;
  clinicName: string;
  messages: readonly ChatPageMessage[];
  /** Where the form posts (the page's own address). */
  action: string;
  /** The patient's words sent back after a refusal, so nothing they typed is lost. */
  value?: string;
  error?: ChatInputError;
}

/**
 * The patient's chat page: a whole HTML document with no script, to be sent with CHAT_PAGE_CSP.
 * Every word the patient or the assistant wrote is escaped; the page names the patient only as
 * the assistant's own messages do (by first name), and shows nothing else of their record.
 */
export function renderChatPage(input: ChatPageInput): string {
  const text = chatPageText(input.language);
  const last = input.messages.length - 1;
  const messages = input.messages
    .map((m, i) => {
      const author = m.role === 'patient' ? text.you : text.assistant(input.clinicName);
      const classes = `message message--${m.role}${m.escalated && m.role === 'assistant' ? ' message--escalated' : ''}`;
      // The latest message is the one a redirect lands on (#latest), so a long chat opens at it.
      return `<li${attrs({ class: classes, id: i === last ? 'latest' : undefined })}>
<div class="bubble"><span class="author">${escapeHtml(author)}</span>
${textToParagraphs(m.content)}</div>
</li>`;
    })
    .join('\n');
  const error = input.error ? text.errors[input.error] : undefined;
  const main = [
    `<h1>${escapeHtml(text.title)}</h1>`,
    `<p class="intro">${escapeHtml(text.intro(input.clinicName))}</p>`,
    `<p class="emergency">${escapeHtml(text.emergency)}</p>`,
    `<ol class="messages"${attrs({ 'aria-label': text.messagesLabel })}>\n${messages}\n</ol>`,
    `<form class="composer" method="post"${attrs({ action: input.action })}>`,
    `<label for="message">${escapeHtml(text.messageLabel)}</label>`,
    `<p class="hint" id="message-hint">${escapeHtml(text.messageHint)}</p>`,
    error
      ? `<p class="error-message" id="message-error" role="alert"><span class="visually-hidden">${escapeHtml(text.errorPrefix)} </span>${escapeHtml(error)}</p>`
      : '',
    `<textarea${attrs({
      id: 'message',
      name: 'message',
      rows: 4,
      maxlength: 4000,
      required: true,
      'aria-describedby': error ? 'message-hint message-error' : 'message-hint',
      'aria-invalid': error ? 'true' : undefined,
      autofocus: error ? true : undefined,
    })}>${escapeHtml(input.value ?? '')}</textarea>`,
    `<button class="button" type="submit">${escapeHtml(text.send)}</button>`,
    '</form>',
  ]
    .filter((part) => part !== '')
    .join('\n');
  return renderPageShell({
    language: input.language,
    clinicName: input.clinicName,
    title: error ? `${text.errorPrefix} ${text.title}` : text.title,
    main,
    css: CHAT_PAGE_CSS,
  });
}

/** What the link shows when there is no conversation to write in; same document and style. */
export function renderChatStatus(input: {
  language: Language;
  clinicName: string;
  kind: ChatStatusKind;
}): string {
  const status = chatPageText(input.language).status[input.kind];
  const main = [
    `<h1>${escapeHtml(status.title)}</h1>`,
    ...status.paragraphs(input.clinicName).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return renderPageShell({
    language: input.language,
    clinicName: input.clinicName,
    title: status.title,
    main,
    css: CHAT_PAGE_CSS,
  });
}
