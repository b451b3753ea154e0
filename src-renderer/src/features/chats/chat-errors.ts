import type { TFunction } from 'i18next';
import type { BridgeFailure } from '../../bridge/bridge';
import { describeError } from '../../ui/states';

/**
 * A refused chat action in the UI language: the conversation's own refusals by code (an ended
 * chat says why it ended), everything else (insufficient_credits with the balance, …) as the
 * rest of the app says it. `tc` is the common namespace's `t`.
 */
export function describeChatError(
  t: TFunction<'chats'>,
  tc: TFunction,
  failure: BridgeFailure,
): string {
  switch (failure.code) {
    case 'conversation_ended':
      return failure.details?.endReason === 'inactivity'
        ? t('errors.conversation_ended_inactivity')
        : t('errors.conversation_ended');
    case 'conversation_busy':
      return t('errors.conversation_busy');
    default:
      return describeError(tc, failure);
  }
}
