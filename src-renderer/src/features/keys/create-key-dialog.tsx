import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey, Permission } from '../../../../src-preload/contract';
import { useApp } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { useCreateKey } from './keys-queries';
import {
  ALL_PERMISSIONS,
  inCanonicalOrder,
  PERMISSION_GROUPS,
  PERMISSION_LABEL_KEYS,
} from './permissions';

/** The curl line a coordinator can hand to whoever builds the integration. */
export function curlExample(apiBaseUrl: string, key: string): string {
  return `curl -H "Authorization: Bearer ${key}" "${apiBaseUrl}/patients?limit=5"`;
}

/**
 * Creates a key, then shows its plaintext once. Mounted only while open: closing unmounts it, so
 * the plaintext (held in this component's state alone) is gone with it.
 */
export function CreateKeyDialog(props: { onClose: (created?: { name: string }) => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { t } = useTranslation('keys');
  const close = () => props.onClose(created ? { name: created.name } : undefined);
  return (
    <Dialog
      open
      wide={created !== null}
      title={created ? t('created.title') : t('create.title')}
      onClose={close}
    >
      {created ? (
        <ShownOnce created={created} onDone={close} />
      ) : (
        <CreateKeyForm onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
  );
}

function CreateKeyForm(props: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('keys');
  const { t: tc } = useTranslation();
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<Permission>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const [local, setLocal] = useState<{ name?: string; permissions?: string }>({});
  const permissionsErrorId = useId();

  const fields = fieldErrorsOf(failure);
  const nameServerError = fields['/name'];
  const nameError =
    local.name ??
    (nameServerError &&
    ['length', 'minLength', 'maxLength', 'required'].includes(nameServerError.code)
      ? t('create.nameLength')
      : fieldErrorText(tc, nameServerError));
  const permissionsError =
    local.permissions ??
    (fields['/permissions']
      ? selected.size === 0
        ? t('create.atLeastOne')
        : fieldErrorText(tc, fields['/permissions'])
      : undefined);
  const otherError =
    failure && !nameServerError && !fields['/permissions'] ? describeError(tc, failure) : undefined;

  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(permission);
    else next.delete(permission);
    setSelected(next);
    setLocal((l) => ({ ...l, permissions: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      ...(name.trim() === '' ? { name: tc('fieldErrors.required') } : {}),
      ...(selected.size === 0 ? { permissions: t('create.atLeastOne') } : {}),
    };
    setLocal(problems);
    setFailure(undefined);
    if (problems.name || problems.permissions) return;
    setBusy(true);
    try {
      const created = await create({
        name: name.trim(),
        permissions: inCanonicalOrder(selected),
      });
      props.onCreated(created);
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {otherError && (
        <p className="notice notice-danger" role="alert">
          {otherError}
        </p>
      )}
      <TextField
        label={t('create.name')}
        hint={t('create.nameHint')}
        error={nameError}
        value={name}
        maxLength={100}
        autoComplete="off"
        aria-required="true"
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setLocal((l) => ({ ...l, name: undefined }));
        }}
      />
      <fieldset
        className={`keys-permissions${permissionsError ? ' field-invalid' : ''}`}
        aria-describedby={permissionsError ? permissionsErrorId : undefined}
      >
        <legend>{t('create.permissions')}</legend>
        <p className="field-hint">{t('create.permissionsHint')}</p>
        <AllToggle
          label={t('create.all')}
          selected={selected.size}
          onChange={(on) => {
            setSelected(new Set(on ? ALL_PERMISSIONS : []));
            setLocal((l) => ({ ...l, permissions: undefined }));
          }}
        />
        <div className="keys-permission-groups">
          {PERMISSION_GROUPS.map((group) => (
            <fieldset key={group.key} className="keys-permission-group">
              <legend>{t(`groups.${group.key}`)}</legend>
              {group.permissions.map((permission) => (
                <label key={permission} className="keys-check">
                  <input
                    type="checkbox"
                    checked={selected.has(permission)}
                    onChange={(e) => toggle(permission, e.target.checked)}
                  />
                  <span>{t(`permissions.${PERMISSION_LABEL_KEYS[permission]}`)}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        {permissionsError && (
          <p className="field-error" id={permissionsErrorId} role="alert">
            {permissionsError}
          </p>
        )}
      </fieldset>
      <div className="dialog-footer">
        <Button onClick={props.onCancel}>{tc('actions.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}

/** "All permissions": checked when all are, mixed (indeterminate) when some are. */
function AllToggle(props: { label: string; selected: number; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = props.selected === ALL_PERMISSIONS.length;
  const some = props.selected > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className="keys-check keys-check-all">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        aria-checked={some ? 'mixed' : all}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

function ShownOnce(props: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('keys');
  const info = useApp((s) => s.info);
  const apiBaseUrl = 'data' in info ? info.data?.apiBaseUrl : undefined;
  const keyId = useId();
  const curl = apiBaseUrl ? curlExample(apiBaseUrl, props.created.key) : undefined;
  return (
    <div className="keys-shown-once">
      <div className="notice notice-warning" role="alert">
        <strong>{t('created.warning')}</strong> {t('created.explanation')}
      </div>
      <div className="field">
        <label htmlFor={keyId}>{t('created.key')}</label>
        <div className="shown-once-row">
          <input
            id={keyId}
            className="input keys-mono"
            readOnly
            autoFocus
            spellCheck={false}
            value={props.created.key}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={props.created.key} label={t('created.copyKey')} size="md" />
        </div>
      </div>
      {curl && (
        <section className="shown-once-usage" aria-label={t('created.tryIt')}>
          <h3>{t('created.tryIt')}</h3>
          <p className="muted">{t('created.tryItHint')}</p>
          <div className="shown-once-row">
            <pre className="keys-code" data-testid="curl-example">
              <code>{curl}</code>
            </pre>
            <CopyButton text={curl} label={t('created.copyCurl')} />
          </div>
        </section>
      )}
      <div className="dialog-footer">
        <Button variant="primary" onClick={props.onDone}>
          {t('created.done')}
        </Button>
      </div>
    </div>
  );
}
