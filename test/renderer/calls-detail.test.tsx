import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallView } from '../../src-preload/contract';
import { CallPage } from '../../src-renderer/src/features/calls/call-page';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { call, completed } from './calls-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');

function renderCall(get: () => CallView, language?: AppLanguage) {
  return renderWithApp(<CallPage id="call_1" />, {
    ...(language ? { language } : {}),
    handlers: { calls: { get } },
  });
}

function details() {
  const card = screen.getByRole('region', { name: 'Detalles' });
  const out: Record<string, string> = {};
  for (const term of within(card).getAllByRole('term')) {
    out[term.textContent!] = term.nextElementSibling!.textContent!;
  }
  return out;
}

describe('calls: one call', () => {
  it('shows the details, the transcript as speaker turns and the summary of a completed call', async () => {
    const view = completed('call_1', { metadata: { provider: 'builtin', unbilledCredits: 5 } });
    renderCall(() => view);
    expect(
      await screen.findByRole('heading', { name: /Llamada a Núria Puig Soler/ }),
    ).toBeInTheDocument();
    expect(details()).toEqual({
      Paciente: 'Núria Puig Soler',
      Motivo: 'Seguimiento tras la cirugía de rodilla',
      Idioma: 'Catalán',
      Estado: 'Completada',
      Duración: '2 min 5 s',
      Créditos: '15',
      Creada: es.dateTime(view.createdAt),
      Contestada: es.dateTime(view.answeredAt!),
      Completada: es.dateTime(view.completedAt!),
    });
    expect(screen.getByRole('link', { name: 'Núria Puig Soler' })).toHaveAttribute(
      'href',
      `/patients/${view.patientId}`,
    );
    expect(
      screen.getByText('5 créditos sin cobrar: el saldo no alcanzaba cuando terminó la llamada.'),
    ).toBeInTheDocument();

    const transcript = screen.getByRole('list', { name: 'Transcripción' });
    const turns = within(transcript).getAllByTestId('transcript-turn');
    expect(turns.map((turn) => turn.querySelector('.call-turn-speaker')?.textContent)).toEqual([
      'Asistente',
      'Paciente',
      'Asistente',
    ]);
    expect(turns.map((turn) => turn.querySelector('time')?.textContent)).toEqual([
      '0:00',
      '0:18',
      '1:03',
    ]);
    expect(within(turns[1]!).getByText('Bé, el dolor és de 3 sobre 10.')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(summary).toHaveTextContent('La pacient es recupera bé: dolor 3/10, sense febre.');

    const progress = screen.getByRole('list', { name: 'Progreso de la llamada' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['En cola', 'Sonando', 'En curso', 'Completada']);
    expect(within(progress).getByText('Completada').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(document.body.textContent).not.toMatch(/pat_|call_|\d{4}-\d{2}-\d{2}T/);
  });

  it('translates why a call failed and says there is no transcript', async () => {
    renderCall(() =>
      call('call_1', {
        status: 'failed',
        failureReason: 'no_answer',
        failedAt: '2026-11-22T10:00:48.000Z',
      }),
    );
    await screen.findByRole('heading', { name: /Llamada a Núria Puig Soler/ });
    expect(details()).toMatchObject({
      Estado: 'Fallida',
      'Motivo del fallo': 'No contestó',
      Créditos: '0',
      Fallida: es.dateTime('2026-11-22T10:00:48.000Z'),
    });
    expect(details()).not.toHaveProperty('Duración');
    expect(
      screen.getByText('Sin transcripción: no se llegó a contestar la llamada.'),
    ).toBeVisible();
    const progress = screen.getByRole('list', { name: 'Progreso de la llamada' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['En cola', 'Sonando', 'Fallida']);
  });

  it('moves along its lifecycle as the service reports changes to calls', async () => {
    let view = call('call_1');
    const { bridge } = renderCall(() => view);
    const progress = await screen.findByRole('list', { name: 'Progreso de la llamada' });
    expect(within(progress).getByText('En cola').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(
      screen.getByText('El estado se actualiza solo mientras la llamada avanza.'),
    ).toBeVisible();
    expect(screen.getByText('La transcripción aparecerá cuando termine la llamada.')).toBeVisible();

    view = call('call_1', { status: 'in-progress', answeredAt: '2026-11-22T10:00:12.000Z' });
    act(() => bridge.emit('changed', { topics: ['calls'] }));
    expect(
      await within(progress).findByText('En curso', { selector: '[aria-current="step"]' }),
    ).toBeInTheDocument();

    view = completed('call_1');
    act(() => bridge.emit('changed', { topics: ['calls'] }));
    expect(await screen.findAllByTestId('transcript-turn')).toHaveLength(3);
    expect(
      screen.queryByText('El estado se actualiza solo mientras la llamada avanza.'),
    ).toBeNull();
  });

  it('says when the call does not exist', async () => {
    renderCall(() => {
      throw { code: 'resource_missing', message: 'gone' };
    });
    expect(await screen.findByText('Esta llamada no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a las llamadas/ })).toHaveAttribute(
      'href',
      '/calls',
    );
  });

  it('speaks Catalan', async () => {
    renderCall(() => completed('call_1'), 'ca');
    expect(
      await screen.findByRole('heading', { name: /Trucada a Núria Puig Soler/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Transcripció' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resum' })).toBeInTheDocument();
    expect(screen.getAllByText('Assistent')).toHaveLength(2);
    expect(screen.getByText('Durada')).toBeInTheDocument();
  });
});
