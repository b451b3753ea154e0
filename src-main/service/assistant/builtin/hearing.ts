import type { ChatSetup, ChatTurn, Findings } from '../assistant';
import { readContext, type Topic } from './context-reading';
import { understand, type Understanding } from './understanding';

/*
 * What a conversation's history tells the built-in assistant (where the interview stands) and
 * how the next patient message is heard against it; the model router hears messages the same way
 * (assistant-settings.ts).
 */

/** Where a conversation stands, rebuilt from the metadata of the assistant's earlier replies. */
export interface ChatState {
  /** The topic the last reply asked about; 'done' after the closing message. */
  current: Topic | 'done' | undefined;
  /** The last reply asked the same topic again. */
  retried: boolean;
  asked: Set<Topic>;
  findings: Findings;
}

export function replay(history: readonly ChatTurn[]): ChatState {
  const state: ChatState = { current: undefined, retried: false, asked: new Set(), findings: {} };
  for (const turn of history) {
    const meta = turn.metadata;
    if (!meta) continue;
    if (meta.findings) Object.assign(state.findings, meta.findings);
    if (turn.role === 'assistant' && meta.topic) {
      state.current = meta.topic as Topic | 'done';
      state.retried = meta.retry === true;
      if (meta.topic !== 'done') state.asked.add(meta.topic as Topic);
    }
  }
  return state;
}

/**
 * How a chat message is heard: as the answer to what the assistant asked last. The built-in
 * assistant's own question carries its topic; a language model's is read from its text, so a
 * bare "un 9" after the model's "del 0 al 10, ¿cuánto le duele?" is the severe pain it is.
 * `state` is the history's replay when the caller has it already (the built-in reply does).
 */
export function hear(
  setup: ChatSetup,
  history: readonly ChatTurn[],
  message: string,
  state: ChatState = replay(history),
): Understanding {
  const { current } = state;
  const last = history.findLast((turn) => turn.role === 'assistant');
  const byModel = last !== undefined && last.metadata?.provider !== 'builtin';
  return understand(message, current === 'done' ? undefined : current, {
    postOp: readContext(setup.context).purpose === 'post_op',
    language: setup.language,
    ...(byModel ? { question: last.content } : {}),
  });
}
