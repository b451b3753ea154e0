import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARCHIVE_PASSPHRASE_MIN_LENGTH,
  type ArchiveItem,
  type BackupStatusView,
} from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { describeError } from '../../ui/states';
import {
  useChooseArchive,
  useExportArchive,
  useImportArchive,
  useInspectArchive,
} from './data-queries';

/**
 * Settings > Data: moving or handing over the clinic (docs/data-safety.md). "Export"
 * writes one archive protected by a passphrase typed twice; "Import" opens one with its
 * passphrase, shows what it holds, and after a confirmation replaces this clinic with it (as a
 * restore does) and reloads the window.
 */
export function ArchiveCard(props: { status: BackupStatusView }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState<'export' | 'import'>();
  return (
    <Card title={t('data.archive.title')} label={t('data.archive.title')} className="settings-card">
      <p className="muted">{t('data.archive.intro')}</p>
      <div className="settings-actions">
        <Button onClick={() => setOpen('export')}>{t('data.archive.export')}</Button>
        {props.status.canRestore && (
          <Button onClick={() => setOpen('import')}>{t('data.archive.import')}</Button>
        )}
      </div>
      {open === 'export' && (
        <ExportDialog dialog={props.status.canChooseFolder} onClose={() => setOpen(undefined)} />
      )}
      {open === 'import' && (
        <ImportDialog dialog={props.status.canChooseFolder} onClose={() => setOpen(undefined)} />
      )}
    </Card>
  );
}

/** The archive's refusals in the window's language; anything else as the service said it. */
function ArchiveFailure(props: { failure: BridgeFailure | undefined }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { failure } = props;
  if (!failure) return null;
  const reason = (failure.details as { reason?: string } | undefined)?.reason;
  const known: Record<string, string> = {
    wrong_passphrase: t('data.archive.wrongPassphrase'),
    corrupt: t('data.archive.damaged'),
    not_archive: t('data.archive.notArchive'),
    from_the_future: t('data.archive.newer'),
    exists: t('data.archive.exists'),
  };
  const text =
    failure.code === 'archive_failed' && reason && known[reason]
      ? known[reason]
      : describeError(tc, failure);
  return (
    <p className="notice notice-danger settings-error" role="alert">
      {text}
    </p>
  );
}

/** Where the archive goes or comes from: the system's dialog (desktop), or a typed path. */
function FileChoice(props: {
  dialog: boolean;
  save: boolean;
  file: string;
  onFile: (file: string) => void;
}) {
  const { t } = useTranslation('settings');
  const choose = useChooseArchive();
  if (!props.dialog)
    return (
      <TextField
        label={t(props.save ? 'data.archive.saveTo' : 'data.archive.file')}
        hint={t(props.save ? 'data.archive.saveToHint' : 'data.archive.fileHint')}
        value={props.file}
        onChange={(e) => props.onFile(e.target.value)}
      />
    );
  return (
    <div className="data-archive-file">
      <Button
        busy={choose.isPending}
        onClick={() =>
          choose.mutate(props.save, { onSuccess: ({ file }) => file && props.onFile(file) })
        }
      >
        {t(props.save ? 'data.archive.chooseSave' : 'data.archive.chooseOpen')}
      </Button>
      {props.file && <code>{props.file}</code>}
      <ArchiveFailure failure={choose.error ? asFailure(choose.error) : undefined} />
    </div>
  );
}

function HoldsList(props: { item: ArchiveItem }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { item } = props;
  return (
    <dl className="data-holds" aria-label={t('data.archive.holds')}>
      <dt>{t('data.clinic')}</dt>
      <dd>{item.clinicName ?? '—'}</dd>
      <dt>{t('data.patients')}</dt>
      <dd>{format.number(item.patients)}</dd>
      <dt>{t('data.lastActivity')}</dt>
      <dd>{item.lastActivityAt ? format.dateTime(item.lastActivityAt) : '—'}</dd>
      <dt>{t('data.archive.exportedAt')}</dt>
      <dd>{format.dateTime(item.exportedAt)}</dd>
      <dt>{t('data.archive.version')}</dt>
      <dd>
        {t('data.archive.versionValue', { app: item.appVersion, schema: item.schemaVersion })}
      </dd>
    </dl>
  );
}

function ExportDialog(props: { dialog: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const run = useExportArchive();
  const [file, setFile] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [checked, setChecked] = useState(false);
  const short = [...passphrase].length < ARCHIVE_PASSPHRASE_MIN_LENGTH;
  const differ = again !== passphrase;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (short || differ || !file.trim()) return;
    run.mutate({ file: file.trim(), passphrase });
  };
  const done = run.data;
  return (
    <Dialog
      open
      title={t('data.archive.exportTitle')}
      onClose={() => !run.isPending && props.onClose()}
      footer={
        done ? (
          <Button variant="primary" onClick={props.onClose}>
            {tc('actions.close')}
          </Button>
        ) : (
          <>
            <Button onClick={props.onClose} disabled={run.isPending}>
              {tc('actions.cancel')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              form="archive-export"
              busy={run.isPending}
              disabled={!file.trim()}
            >
              {t('data.archive.exportConfirm')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <>
          <p role="status">{t('data.archive.exported', { file: done.file })}</p>
          <HoldsList item={done} />
          <p>{t('data.archive.keepApart')}</p>
        </>
      ) : (
        <form id="archive-export" noValidate onSubmit={submit}>
          <p>{t('data.archive.exportIntro')}</p>
          <FileChoice dialog={props.dialog} save file={file} onFile={setFile} />
          <TextField
            type="password"
            autoComplete="new-password"
            label={t('data.archive.passphrase')}
            hint={t('data.archive.passphraseHint', { min: ARCHIVE_PASSPHRASE_MIN_LENGTH })}
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            error={
              checked && short
                ? t('data.archive.tooShort', { min: ARCHIVE_PASSPHRASE_MIN_LENGTH })
                : undefined
            }
          />
          <TextField
            type="password"
            autoComplete="new-password"
            label={t('data.archive.passphraseAgain')}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            error={checked && !short && differ ? t('data.archive.differ') : undefined}
          />
          {run.isPending && <p role="status">{t('data.archive.exporting')}</p>}
          <ArchiveFailure failure={run.error ? asFailure(run.error) : undefined} />
        </form>
      )}
    </Dialog>
  );
}

function ImportDialog(props: { dialog: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const inspect = useInspectArchive();
  const run = useImportArchive();
  const [file, setFile] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const item = inspect.data;
  const failure = inspect.error ?? run.error;
  const request = { file: file.trim(), passphrase };
  return (
    <Dialog
      open
      title={t('data.archive.importTitle')}
      onClose={() => !run.isPending && props.onClose()}
      footer={
        <>
          <Button onClick={props.onClose} disabled={run.isPending}>
            {tc('actions.cancel')}
          </Button>
          {item ? (
            <Button variant="danger" busy={run.isPending} onClick={() => run.mutate(request)}>
              {t('data.archive.importConfirm')}
            </Button>
          ) : (
            <Button
              variant="primary"
              type="submit"
              form="archive-import"
              busy={inspect.isPending}
              disabled={!request.file || !passphrase}
            >
              {t('data.inspect')}
            </Button>
          )}
        </>
      }
    >
      <form
        id="archive-import"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (request.file && passphrase) inspect.mutate(request);
        }}
      >
        <FileChoice
          dialog={props.dialog}
          save={false}
          file={file}
          onFile={(next) => {
            setFile(next);
            inspect.reset();
          }}
        />
        <TextField
          type="password"
          autoComplete="off"
          label={t('data.archive.passphrase')}
          value={passphrase}
          onChange={(e) => {
            setPassphrase(e.target.value);
            inspect.reset();
          }}
        />
      </form>
      {inspect.isPending && <p role="status">{t('data.archive.checking')}</p>}
      {item && (
        <>
          <HoldsList item={item} />
          <p>{t('data.archive.importWarning')}</p>
        </>
      )}
      {run.isPending && <p role="status">{t('data.restoring')}</p>}
      <ArchiveFailure failure={failure ? asFailure(failure) : undefined} />
    </Dialog>
  );
}
