import type {
  ConversationListItem,
  ConversationView,
  CreditBalance,
  InputOf,
  Message,
  OutputOf,
  PriceList,
} from '../../src-preload/contract';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { makePatient } from './patients-fixtures';

/** Shapes exactly as the service returns them, for the Chats and Calls screens' tests. */

export const PRICES: PriceList = {
  conversationStart: 10,
  conversationMessage: 1,
  deliveryEmail: 1,
  deliveryWhatsapp: 2,
  callPerStartedMinute: 5,
  callReservation: 5,
};

export function balanceOf(balance: number): CreditBalance {
  return {
    balance,
    plan: 'professional',
    monthlyAllowance: 2000,
    usedThisMonth: 2000 - balance,
    resetsAt: '2026-12-01T00:00:00.000Z',
  };
}

/** credits.prices and credits.balance, for the cost notices. */
export function creditsHandlers(balance = 1234) {
  return { prices: () => PRICES, balance: () => balanceOf(balance) };
}

/** A start handler that keeps every request it is given and answers with `answer` (or throws). */
export function recordStarts<I, O>(answer: (input: I) => O) {
  const started: I[] = [];
  const start = (input: I) => {
    started.push(input);
    return answer(input);
  };
  return { started, start };
}

/** Clicks the button named `name` and hands back the dialog it opens. */
export async function openStartDialog(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return { user, dialog: screen.getByRole('dialog') };
}

/** Searches the dialog's patient box for `search` and chooses the option matching `option`. */
export async function pickPatient(
  user: UserEvent,
  dialog: HTMLElement,
  search: string,
  option: RegExp,
) {
  await user.type(within(dialog).getByRole('combobox', { name: 'Paciente' }), search);
  await user.click(await within(dialog).findByRole('option', { name: option }));
}

export const nuria = makePatient(2, {
  firstName: 'Núria',
  lastName: 'Puig Soler',
  metadata: { preferredLanguage: 'ca' },
});
export const marc = makePatient(3, { firstName: 'Marc', lastName: 'Ferrer' });
export const ana = makePatient(8, { firstName: 'Ana', lastName: 'García', phone: undefined });

const ref = (p: typeof nuria) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName });

export function message(
  n: number,
  role: Message['role'],
  content: string,
  at: string,
  over: Partial<Message> = {},
): Message {
  return {
    id: `msg_${String(n).padStart(4, '0')}`,
    role,
    content,
    escalated: false,
    metadata: role === 'assistant' ? { provider: 'builtin' } : {},
    createdAt: at,
    ...over,
  };
}

export function conversation(
  id: string,
  over: Partial<ConversationView> = {},
  patient = nuria,
): ConversationView {
  const createdAt = over.createdAt ?? '2026-11-22T10:00:00.000Z';
  return {
    id,
    patientId: patient.id,
    patient: ref(patient),
    context: 'Seguimiento tras la cirugía de rodilla. No dar consejos médicos.',
    language: 'ca',
    status: 'active',
    messageCount: 1,
    lastMessageAt: createdAt,
    escalated: false,
    creditsConsumed: 10,
    createdAt,
    messages: [message(1, 'assistant', 'Hola Núria! Com et trobes avui?', createdAt)],
    ...over,
  };
}

export function summary(view: ConversationView): ConversationListItem {
  const { messages: _messages, ...rest } = view;
  return rest;
}

type ListInput = InputOf<'conversations', 'list'>;
type ListOutput = OutputOf<'conversations', 'list'>;

/** A `conversations.list` over an array, filtered and paged like the service (by offset). */
export function conversationList(all: ConversationListItem[]): (input: ListInput) => ListOutput {
  return (input) => {
    const matches = all.filter(
      (c) =>
        (!input.status || c.status === input.status) &&
        (!input.patientId || c.patientId === input.patientId) &&
        (input.escalated === undefined || c.escalated === input.escalated),
    );
    const limit = input.limit ?? 20;
    const start = input.cursor ? Number(input.cursor) : 0;
    const data = matches.slice(start, start + limit);
    const hasMore = start + limit < matches.length;
    return { data, pagination: { cursor: hasMore ? String(start + limit) : '', hasMore, limit } };
  };
}
