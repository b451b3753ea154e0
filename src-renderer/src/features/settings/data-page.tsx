import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupItem, BackupStatusView } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { ArchiveCard } from './archive-card';
import { AsyncView, describeError } from '../../ui/states';
import {
  useBackUpNow,
  useBackupList,
  useBackupStatus,
  useChooseFolder,
  useInspectBackup,
  useRestoreBackup,
  useSetBackupFolder,
} from './data-queries';

/** Megabytes with one decimal, in the window's language (4,9 in Spanish). */
const mb = (bytes: number, format: { number(value: number): string }) =>
  format.number(Math.round(bytes / 104_857.6) / 10);

/**
 * Settings > Data: where the backups go, the last one, the list, "Back up now", and a restore:
 * pick a backup (or type a file), see what it holds, confirm; the app restores and reloads. Then
 * moving or handing over the clinic as one archive (archive-card.tsx).
 */
export function DataPage() {
  const status = useBackupStatus();
  return (
    <AsyncView state={status}>
      {(data) => (
        <>
          <BackupCard status={data} />
          <BackupListCard status={data} />
          <ArchiveCard status={data} />
        </>
      )}
    </AsyncView>
  );
}

function Failure(props: { failure: BridgeFailure | undefined }) {
  const { t: tc } = useTranslation();
  if (!props.failure) return null;
  return (
    <p className="notice notice-danger settings-error" role="alert">
      {describeError(tc, props.failure)}
    </p>
  );
}

function BackupCard(props: { status: BackupStatusView }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { status } = props;
  const backUp = useBackUpNow();
  const setFolder = useSetBackupFolder();
  const choose = useChooseFolder();
  const [typed, setTyped] = useState(status.defaultFolder ? '' : status.folder);
  const failedLast =
    status.lastFailure && (!status.lastSuccess || status.lastFailure.at > status.lastSuccess.at);
  const failure = backUp.error ?? setFolder.error ?? choose.error ?? undefined;
  const notRestored = status.lastRestoreFailure;
  const failedRestore =
    notRestored && (!status.lastRestore || notRestored.at > status.lastRestore.at);
  return (
    <Card title={t('data.backups')} label={t('data.backups')} className="settings-card">
      <p className="data-last" data-testid="last-backup">
        {status.lastSuccess
          ? t('data.lastSuccess', {
              date: format.dateTime(status.lastSuccess.at),
              size: mb(status.lastSuccess.size, format),
            })
          : t('data.never')}
      </p>
      {failedLast && (
        <p className="notice notice-danger" role="alert">
          {t('data.lastFailure', {
            date: format.dateTime(status.lastFailure!.at),
            message: status.lastFailure!.message,
          })}
        </p>
      )}
      {status.overdue && !failedLast && (
        <p className="notice notice-warning" role="alert">
          {t('data.overdue')}
        </p>
      )}
      {status.lastRestore && (
        <p className="notice">
          {t('data.restored', {
            date: format.dateTime(status.lastRestore.at),
            file: status.lastRestore.file,
          })}
          {status.lastRestore.keptAside
            ? ` ${t('data.keptAside', { file: status.lastRestore.keptAside })}`
            : ''}
        </p>
      )}
      {failedRestore && (
        <p className="notice notice-danger" role="alert">
          {t('data.restoreFailed', {
            date: format.dateTime(notRestored.at),
            file: notRestored.file,
            message: notRestored.message,
          })}
        </p>
      )}
      <p className="muted">{t('data.schedule')}</p>
      <div className="settings-actions">
        <Button variant="primary" busy={backUp.isPending} onClick={() => backUp.mutate()}>
          {t('data.backUpNow')}
        </Button>
        <span className="settings-feedback" role="status">
          {backUp.isSuccess ? t('data.backedUp') : ''}
        </span>
      </div>
      <h3 className="data-subtitle">{t('data.folder')}</h3>
      <p className="data-folder">
        <code>{status.folder}</code> {status.defaultFolder ? t('data.defaultFolder') : ''}
      </p>
      {status.canChooseFolder ? (
        <div className="settings-actions">
          <Button
            busy={choose.isPending}
            onClick={() =>
              choose.mutate(undefined, {
                onSuccess: ({ folder }) => folder && setFolder.mutate(folder),
              })
            }
          >
            {t('data.chooseFolder')}
          </Button>
          {!status.defaultFolder && (
            <Button onClick={() => setFolder.mutate(null)}>{t('data.useDefault')}</Button>
          )}
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setFolder.mutate(typed.trim() ? typed.trim() : null);
          }}
        >
          <TextField
            label={t('data.folderField')}
            hint={t('data.folderHint')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div className="settings-actions">
            <Button type="submit" busy={setFolder.isPending}>
              {t('data.saveFolder')}
            </Button>
          </div>
        </form>
      )}
      <Failure failure={failure ? asFailure(failure) : undefined} />
    </Card>
  );
}

function BackupListCard(props: { status: BackupStatusView }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const list = useBackupList();
  const [picked, setPicked] = useState<string>();
  const [typedFile, setTypedFile] = useState('');
  return (
    <Card title={t('data.list')} label={t('data.list')} className="settings-card">
      <AsyncView state={list}>
        {(items) =>
          items.length === 0 ? (
            <p>{t('data.empty')}</p>
          ) : (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('data.takenAt')}</th>
                  <th scope="col">{t('data.size')}</th>
                  <th scope="col">{t('data.patients')}</th>
                  <th scope="col">{t('data.verified')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('data.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.file}>
                    <td>{format.dateTime(item.takenAt)}</td>
                    <td>{t('data.megabytes', { size: mb(item.size, format) })}</td>
                    <td>{format.number(item.patients)}</td>
                    <td>{t('data.yes')}</td>
                    <td>
                      {props.status.canRestore && (
                        <Button
                          size="sm"
                          aria-label={t('data.restoreOne', {
                            date: format.dateTime(item.takenAt),
                          })}
                          onClick={() => setPicked(item.file)}
                        >
                          {t('data.restore')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </AsyncView>
      {props.status.canRestore && (
        <form
          noValidate
          className="data-file-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (typedFile.trim()) setPicked(typedFile.trim());
          }}
        >
          <TextField
            label={t('data.otherFile')}
            hint={t('data.otherFileHint')}
            value={typedFile}
            onChange={(e) => setTypedFile(e.target.value)}
          />
          <div className="settings-actions">
            <Button type="submit" disabled={!typedFile.trim()}>
              {t('data.inspect')}
            </Button>
          </div>
        </form>
      )}
      {picked && <RestoreDialog file={picked} onClose={() => setPicked(undefined)} />}
    </Card>
  );
}

/** What the backup holds, read and verified before anything changes; then the confirmation. */
function RestoreDialog(props: { file: string; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const inspect = useInspectBackup();
  const restore = useRestoreBackup();
  const { mutate: check } = inspect;
  useEffect(() => check(props.file), [check, props.file]);
  const item: BackupItem | undefined = inspect.data;
  const failure = inspect.error ?? restore.error;
  return (
    <Dialog
      open
      title={t('data.restoreTitle')}
      onClose={() => !restore.isPending && props.onClose()}
      footer={
        <>
          <Button onClick={props.onClose} disabled={restore.isPending}>
            {tc('actions.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={!item}
            busy={restore.isPending}
            onClick={() => restore.mutate(props.file)}
          >
            {t('data.restoreConfirm')}
          </Button>
        </>
      }
    >
      {inspect.isPending && <p role="status">{t('data.checking')}</p>}
      {item && (
        <>
          <dl className="data-holds" aria-label={t('data.holds')}>
            <dt>{t('data.clinic')}</dt>
            <dd>{item.clinicName ?? '—'}</dd>
            <dt>{t('data.patients')}</dt>
            <dd>{format.number(item.patients)}</dd>
            <dt>{t('data.lastActivity')}</dt>
            <dd>{item.lastActivityAt ? format.dateTime(item.lastActivityAt) : '—'}</dd>
            <dt>{t('data.takenAt')}</dt>
            <dd>{format.dateTime(item.takenAt)}</dd>
            <dt>{t('data.schemaVersion')}</dt>
            <dd>{item.schemaVersion}</dd>
          </dl>
          <p>{t('data.restoreWarning')}</p>
        </>
      )}
      {restore.isPending && <p role="status">{t('data.restoring')}</p>}
      <Failure failure={failure ? asFailure(failure) : undefined} />
    </Dialog>
  );
}
