import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppSettings, BackupItem, BackupStatusView } from '../../src-preload/contract';
import { SettingsScreen } from '../../src-renderer/src/features/settings/settings-screen';
import { renderWithApp } from './render-app';

const SETTINGS: AppSettings = {
  language: 'es',
  port: 4010,
  sandbox: false,
  sandboxLog: [],
  developerMode: false,
  plan: 'starter',
  clinicName: 'Clínica Dental Sonrisa',
  notificationEmail: 'avisos@sonrisa.es',
  assistant: { provider: 'builtin', hasKey: false, source: 'default' },
  smtp: { source: 'default' },
  auditRetentionYears: 6,
};

const BACKUP: BackupItem = {
  file: '/backups/engage-desk-2026-11-26T09-00-00-000Z.db',
  takenAt: '2026-11-26T09:00:00.000Z',
  size: 5_140_480,
  schemaVersion: 14,
  clinicName: 'Clínica Dental Sonrisa',
  patients: 240,
  lastActivityAt: '2026-11-26T08:55:00.000Z',
};

function status(overrides: Partial<BackupStatusView> = {}): BackupStatusView {
  return {
    folder: '/home/ana/.config/Engage Desk backups',
    defaultFolder: true,
    lastSuccess: null,
    lastFailure: null,
    overdue: false,
    running: false,
    lastRestore: null,
    lastRestoreFailure: null,
    canChooseFolder: false,
    canRestore: true,
    ...overrides,
  };
}

describe('Settings > Data', () => {
  it('shows there is no backup, makes one, and then shows it as the last', async () => {
    let current = status();
    const list: BackupItem[] = [];
    const run = vi.fn(() => {
      list.push(BACKUP);
      current = status({
        lastSuccess: { at: BACKUP.takenAt, file: BACKUP.file, size: BACKUP.size },
      });
      return BACKUP;
    });
    renderWithApp(<SettingsScreen page="data" />, {
      developerMode: false,
      handlers: {
        settings: { get: () => SETTINGS, update: () => SETTINGS },
        backups: { status: () => current, list: () => list, run },
      },
    });
    expect(await screen.findByTestId('last-backup')).toHaveTextContent(
      'Todavía no hay ninguna copia de seguridad.',
    );
    expect(screen.getByRole('link', { name: 'Datos' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Hacer copia ahora' }));
    expect(run).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('last-backup')).toHaveTextContent(
        /^Última copia correcta: .*4,9 MB/,
      ),
    );
    expect(
      await screen.findByRole('button', { name: /^Restaurar la copia del / }),
    ).toBeInTheDocument();
  });

  it('says what a backup holds before restoring, and shows a refusal in words', async () => {
    const restore = vi.fn(() => {
      throw { code: 'backup_failed', message: 'The file is damaged.' };
    });
    renderWithApp(<SettingsScreen page="data" />, {
      developerMode: false,
      handlers: {
        settings: { get: () => SETTINGS, update: () => SETTINGS },
        backups: {
          status: () =>
            status({ lastFailure: { at: '2026-11-26T10:00:00.000Z', message: 'Disk full' } }),
          list: () => [BACKUP],
          inspect: () => BACKUP,
          restore,
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Disk full/);
    await userEvent.click(await screen.findByRole('button', { name: /^Restaurar la copia del / }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurar una copia de seguridad' });
    await waitFor(() => expect(within(dialog).getByText('240')).toBeInTheDocument());
    expect(within(dialog).getByText('Clínica Dental Sonrisa')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restaurar esta copia' }));
    expect(restore).toHaveBeenCalledWith({ file: BACKUP.file });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/damaged/);
  });

  it('says so when the restore did not happen, even after a status call lost in the restart', async () => {
    // The host closes the service, fails to put the backup in place (another program has the
    // database open), opens the clinic as it was and records why under the restore's attempt.
    // One status call during the restart never answers: the window asks again, not waits.
    let current = status();
    let statusCalls = 0;
    const failed = {
      at: '2026-11-26T11:00:00.000Z',
      file: BACKUP.file,
      reason: 'in_use',
      message: 'The database is open in another program; stop it first. Nothing was changed.',
      attempt: 'attempt-2',
    };
    const restore = vi.fn(() => {
      statusCalls = 0;
      return { restarting: true as const, file: BACKUP.file, attempt: 'attempt-2' };
    });
    renderWithApp(<SettingsScreen page="data" />, {
      developerMode: false,
      handlers: {
        settings: { get: () => SETTINGS, update: () => SETTINGS },
        backups: {
          status: () => {
            statusCalls++;
            if (restore.mock.calls.length === 0) return current;
            if (statusCalls === 1) return new Promise<never>(() => {});
            if (statusCalls === 2) throw { code: 'service_unreachable', message: 'restarting' };
            // An older failure of another attempt is not this restore's outcome.
            if (statusCalls === 3)
              return status({ lastRestoreFailure: { ...failed, attempt: 'x' } });
            current = status({ lastRestoreFailure: failed });
            return current;
          },
          list: () => [BACKUP],
          inspect: () => BACKUP,
          restore,
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Restaurar la copia del / }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurar una copia de seguridad' });
    await waitFor(() => expect(within(dialog).getByText('240')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restaurar esta copia' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Restaurando/);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 12_000 })).toHaveTextContent(
      'No se ha restaurado; la clínica sigue como estaba. The database is open in another program',
    );
    expect(statusCalls).toBeGreaterThanOrEqual(4); // the hung one, the refusal, the other attempt, this
    expect(within(dialog).queryByRole('status')).toBeNull();
    // Closed, the page keeps saying so until a restore succeeds.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => /^La restauración del .* no se hizo/.test(a.textContent ?? '')),
      ).toBe(true),
    );
  }, 20_000);
});
