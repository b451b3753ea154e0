import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isUnreachable, type BridgeFailure } from '../bridge/bridge';
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
    case 'service_unreachable':
    case 'restore_failed':
      return t(`errors.${error.code}`, {
        balance: details.balance as number,
        required: details.required as number,
        message: error.message,
      });
    default:
      return t('errors.generic', { message: error.message });
  }
}

/**
 * The one "it failed, try again" of the window: what failed (a title the screen may choose, the
 * error in words) and a retry button when there is something to retry.
 *
 * - `block` (default): in place of content that could not be loaded;
 * - `notice`: a line beside content that stays (a next page, a refresh, a side list);
 * - `inline`: inside a sentence (the balance beside a price).
 */
export function ErrorState(props: {
  error?: BridgeFailure | null | undefined;
  /** What failed; "No se ha podido cargar." unless the screen says more. */
  title?: ReactNode;
  /** Said after the title: the error's own sentence unless given (null: nothing more). */
  message?: ReactNode;
  onRetry?: (() => void) | undefined;
  variant?: 'block' | 'notice' | 'inline';
}) {
  const { t } = useTranslation();
  const variant = props.variant ?? 'block';
  const message =
    props.message !== undefined
      ? props.message
      : props.error
        ? describeError(t, props.error)
        : undefined;
  const retry = props.onRetry && (
    <Button size={variant === 'block' ? 'md' : 'sm'} onClick={props.onRetry}>
      {t('states.retry')}
    </Button>
  );
  if (variant === 'inline') {
    return (
      <span className="state-inline">
        {props.title ?? t('states.error')} {retry}
      </span>
    );
  }
  if (variant === 'notice') {
    return (
      <div className="notice notice-danger state-notice" role="alert">
        <span>
          {props.title ?? t('states.error')}
          {message ? <> {message}</> : null}
        </span>
        {retry}
      </div>
    );
  }
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{props.title ?? t('states.error')}</p>
      {message ? <p>{message}</p> : null}
      {retry}
    </div>
  );
}

/**
 * What a view loads: the data once it answered (kept while it is read again) and the error of the
 * latest read. A query's result is one; `refetch`, when there, is the default retry.
 */
export interface Loadable<T> {
  data?: T | undefined;
  error?: BridgeFailure | null | undefined;
  refetch?: () => unknown;
}

/**
 * Renders something loaded: a spinner while it first loads, the error with a retry, an empty
 * state, or the content (kept on screen while a refresh runs, with the refresh's error above).
 */
export function AsyncView<T>(props: {
  state: Loadable<T>;
  onRetry?: () => void;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { state } = props;
  const { data, refetch } = state;
  const error = state.error ?? undefined;
  const onRetry = props.onRetry ?? (refetch ? () => void refetch() : undefined);
  // Rows from before the service stopped answering are not shown as if they were current.
  if (data === undefined || (error && isUnreachable(error))) {
    return error ? <ErrorState error={error} onRetry={onRetry} /> : <LoadingState />;
  }
  return (
    <>
      {error && <ErrorState error={error} onRetry={onRetry} />}
      {props.isEmpty?.(data) ? (props.empty ?? <EmptyState />) : props.children(data)}
    </>
  );
}
