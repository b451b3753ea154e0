import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppSettings, ArchiveItem, BackupStatusView } from '../../src-preload/contract';
import { SettingsScreen } from '../../src-renderer/src/features/settings/settings-screen';
import { renderWithApp } from './render-app';

/** Settings > Data: exporting and importing the clinic as one archive (issue 20, part 4). */

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

const STATUS: BackupStatusView = {
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
};

const ARCHIVE: ArchiveItem = {
  file: '/home/ana/Clinica-2026-11-27.engagedesk',
  size: 5_140_480,
  format: 1,
  exportedAt: '2026-11-27T09:00:00.000Z',
  appVersion: '0.1.0',
  schemaVersion: 15,
  clinicName: 'Clínica Dental Sonrisa',
  patients: 241,
  lastActivityAt: '2026-11-27T08:55:00.000Z',
};

const PASSPHRASE = 'tres tristes tigres';

function render(archives: Record<string, unknown>) {
  renderWithApp(<SettingsScreen page="data" />, {
    developerMode: false,
    handlers: {
      settings: { get: () => SETTINGS, update: () => SETTINGS },
      backups: { status: () => STATUS, list: () => [] },
      archives,
    },
  });
}

describe('Settings > Data: the clinic archive', () => {
  it('exports only with a long enough passphrase typed twice the same', async () => {
    const exported = vi.fn(() => ARCHIVE);
    render({ export: exported });
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar la clínica…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar la clínica' });
    await userEvent.type(within(dialog).getByLabelText('Archivo que se creará'), ARCHIVE.file);
    await userEvent.type(within(dialog).getByLabelText('Frase de paso'), 'corta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    expect(await within(dialog).findByText(/al menos 12 caracteres\.$/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Frase de paso'));
    await userEvent.type(within(dialog).getByLabelText('Frase de paso'), PASSPHRASE);
    await userEvent.type(
      within(dialog).getByLabelText('Repite la frase de paso'),
      'otra frase larga',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    expect(
      await within(dialog).findByText('Las dos frases de paso no coinciden.'),
    ).toBeInTheDocument();
    expect(exported).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Repite la frase de paso'));
    await userEvent.type(within(dialog).getByLabelText('Repite la frase de paso'), PASSPHRASE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    expect(exported).toHaveBeenCalledWith({ file: ARCHIVE.file, passphrase: PASSPHRASE });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      `Clínica exportada y comprobada en ${ARCHIVE.file}.`,
    );
    expect(within(dialog).getByText('241')).toBeInTheDocument();
  });

  it('says a wrong passphrase in words, shows what the archive holds, and a refusal to import', async () => {
    let attempts = 0;
    const inspect = vi.fn(() => {
      if (attempts++ === 0)
        throw {
          code: 'archive_failed',
          message: 'The passphrase does not open this archive.',
          details: { reason: 'wrong_passphrase' },
        };
      return ARCHIVE;
    });
    const imported = vi.fn(() => {
      throw {
        code: 'archive_failed',
        message: 'newer',
        details: { reason: 'from_the_future' },
      };
    });
    render({ inspect, import: imported });
    await userEvent.click(await screen.findByRole('button', { name: 'Importar una clínica…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar una clínica' });
    await userEvent.type(within(dialog).getByLabelText('Archivo de la clínica'), ARCHIVE.file);
    await userEvent.type(within(dialog).getByLabelText('Frase de paso'), 'frase equivocada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver qué contiene' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /La frase de paso no abre este archivo/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver qué contiene' }));
    await waitFor(() => expect(within(dialog).getByText('241')).toBeInTheDocument());
    expect(within(dialog).getByText('Clínica Dental Sonrisa')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar esta clínica' }));
    expect(imported).toHaveBeenCalledWith({ file: ARCHIVE.file, passphrase: 'frase equivocada' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/más reciente/);
  });
});
