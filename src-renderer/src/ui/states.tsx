import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BridgeFailure } from '../bridge/bridge';
import type { Async } from '../stores/async';
import { Button } from './button';

export function LoadingState(props: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {props.label ?? t('states.loading')}
    </div>
  );
}

export function EmptyState(props: { title?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state state-empty">
      <p className="state-title">{props.title ?? t('states.empty')}</p>
      {props.children}
    </div>
  );
}

/** A sentence for an error in the UI language: by its code where we know it, else its message. */
export function describeError(t: TFunction, error: BridgeFailure): string {
  const details = (error.details ?? {}) as Record<string, unknown>;
  switch (error.code) {
    case 'validation_failed':
    case 'insufficient_credits':
    case 'resource_missing':
    case 'patient_inactive':
    case 'patient_unreachable':
    case 'sandbox_off':
    case 'internal_error':
      return t(`errors.${error.code}`, {
        balance: details.balance as number,
        required: details.required as number,
      });
    default:
      return t('errors.generic', { message: error.message });
  }
}

export function ErrorState(props: { error: BridgeFailure; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{t('states.error')}</p>
      <p>{describeError(t, props.error)}</p>
      {props.onRetry && <Button onClick={props.onRetry}>{t('states.retry')}</Button>}
    </div>
  );
}

/**
 * Renders an Async value: a spinner while it first loads, the error with a retry, an empty state,
 * or the content (kept on screen while a refresh runs).
 */
export function AsyncView<T>(props: {
  state: Async<T>;
  onRetry?: () => void;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { state } = props;
  const data = 'data' in state ? state.data : undefined;
  if (data === undefined) {
    if (state.status === 'error') {
      return (
        <ErrorState error={state.error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
      );
    }
    return <LoadingState />;
  }
  return (
    <>
      {state.status === 'error' && (
        <ErrorState error={state.error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
      )}
      {props.isEmpty?.(data) ? (props.empty ?? <EmptyState />) : props.children(data)}
    </>
  );
}
