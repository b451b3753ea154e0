import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import {
  ALL_EVENTS,
  describeWebhookError,
  eventDescription,
  eventLabel,
  inListOrder,
  type EventKind,
} from './webhook-labels';

export interface WebhookDraft {
  url: string;
  events: EventKind[];
}

const URL_ERRORS = new Set([
  'https_required',
  'invalid_url',
  'private_address',
  'unresolvable_host',
  'credentials_in_url',
  'fragment_in_url',
  'too_long',
]);

function urlErrorText(
  t: TFunction<'webhooks'>,
  tc: TFunction,
  error: { code: string } | undefined,
): string | undefined {
  if (!error) return undefined;
  if (URL_ERRORS.has(error.code)) {
    return t(`form.urlErrors.${error.code as 'https_required'}`);
  }
  if (error.code === 'maxLength') return t('form.urlErrors.too_long');
  return fieldErrorText(tc, error);
}

/**
 * The URL and the event checkboxes, for registering and for editing. Checks what it can before
 * calling the service (a URL, at least one event); the service's own refusals land next to the
 * field they concern.
 */
export function WebhookForm(props: {
  initial: WebhookDraft;
  submitLabel: string;
  /** Offered as a one-click URL (the sandbox test receiver), when there is one. */
  receiverUrl?: string | undefined;
  onSubmit: (draft: WebhookDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const [url, setUrl] = useState(props.initial.url);
  const [events, setEvents] = useState<ReadonlySet<EventKind>>(new Set(props.initial.events));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const [local, setLocal] = useState<{ url?: string; events?: string }>({});
  const eventsErrorId = useId();
  const hintId = useId();

  const fields = fieldErrorsOf(failure);
  const urlError = local.url ?? urlErrorText(t, tc, fields['/url']);
  const eventsServerError = Object.entries(fields).find(([pointer]) =>
    pointer.startsWith('/events'),
  )?.[1];
  const eventsError =
    local.events ??
    (eventsServerError
      ? events.size === 0
        ? t('events.atLeastOne')
        : fieldErrorText(tc, eventsServerError)
      : undefined);
  const otherError =
    failure && !fields['/url'] && !eventsServerError
      ? describeWebhookError(t, tc, failure)
      : undefined;

  const toggle = (kind: EventKind, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(kind);
    else next.delete(kind);
    setEvents(next);
    setLocal((l) => ({ ...l, events: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      ...(url.trim() === '' ? { url: tc('fieldErrors.required') } : {}),
      ...(events.size === 0 ? { events: t('events.atLeastOne') } : {}),
    };
    setLocal(problems);
    setFailure(undefined);
    if (problems.url || problems.events) return;
    setBusy(true);
    try {
      await props.onSubmit({ url: url.trim(), events: inListOrder(events) });
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="webhooks-form">
      {otherError && (
        <p className="notice notice-danger" role="alert">
          {otherError}
        </p>
      )}
      <TextField
        label={t('form.url')}
        hint={t('form.urlHint')}
        error={urlError}
        value={url}
        type="url"
        inputMode="url"
        maxLength={2048}
        spellCheck={false}
        autoComplete="off"
        aria-required="true"
        autoFocus
        className="input webhooks-mono"
        onChange={(e) => {
          setUrl(e.target.value);
          setLocal((l) => ({ ...l, url: undefined }));
        }}
      />
      {props.receiverUrl && url !== props.receiverUrl && (
        <p className="webhooks-use-receiver">
          <Button
            size="sm"
            onClick={() => {
              setUrl(props.receiverUrl!);
              setLocal((l) => ({ ...l, url: undefined }));
            }}
          >
            {t('form.useReceiver')}
          </Button>
        </p>
      )}
      <fieldset
        className={`webhooks-events${eventsError ? ' field-invalid' : ''}`}
        aria-describedby={eventsError ? eventsErrorId : hintId}
      >
        <legend>{t('events.legend')}</legend>
        <p className="field-hint" id={hintId}>
          {t('events.hint')}
        </p>
        <ul className="webhooks-event-options">
          {ALL_EVENTS.map((kind) => (
            <EventOption
              key={kind}
              kind={kind}
              checked={events.has(kind)}
              onChange={(on) => toggle(kind, on)}
            />
          ))}
        </ul>
        {eventsError && (
          <p className="field-error" id={eventsErrorId} role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div className="dialog-footer">
        <Button onClick={props.onCancel}>{tc('actions.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

function EventOption(props: {
  kind: EventKind;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('webhooks');
  const inputId = useId();
  const descriptionId = useId();
  return (
    <li className="webhooks-event-option">
      <input
        id={inputId}
        type="checkbox"
        checked={props.checked}
        aria-describedby={descriptionId}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={inputId} className="webhooks-event-name">
          {eventLabel(t, props.kind)}
        </label>{' '}
        <code className="webhooks-kind">{props.kind}</code>
        <p className="webhooks-event-description" id={descriptionId}>
          {eventDescription(t, props.kind)}
        </p>
      </div>
    </li>
  );
}
