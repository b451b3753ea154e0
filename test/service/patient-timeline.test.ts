import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../src-preload/contract';
import type { Answer } from '../../src-main/service/schemas/clinical-form';
import { DEMO_FORMS } from '../../src-main/service/seed/demo-forms';
import { addPatient } from './helpers';
import { operationServers } from './operation-harness';

const operations = operationServers(Date.parse('2026-11-02T09:00:00.000Z'));
const PHQ9 = DEMO_FORMS.find((f) => f.key === 'phq9')!.definition;
const FREQUENCY = PHQ9.fields[0]!.options!;

/** The patient page's history: everything of one patient, newest first, as the window reads it. */
describe("a patient's timeline", () => {
  it('shows each response with its scores and band, the alerts raised and the notes', async () => {
    const { core, ok } = await operations.setup();
    const patientId = await addPatient(core, 'Rosa', 'Pons');
    const other = await addPatient(core, 'Pau', 'Mir');
    const form = await core.forms.create(PHQ9);
    const plain = await core.forms.create({
      name: 'Seguiment',
      fields: [{ id: 'how', type: 'text', label: 'Com estàs?', required: true }],
    });

    // A PHQ-9 answered "more than half the days" to every item: 18, moderately severe; item 9
    // answered that way raises an urgent alert on the response.
    const phq = await core.schedules.create({ formId: form.id, patientId, channel: 'email' });
    await core.advanceClock(60);
    const answers: Answer[] = PHQ9.fields
      .filter((f) => /^phq9_\d$/.test(f.id))
      .map((f) => ({ fieldId: f.id, value: FREQUENCY[2]! }));
    const response = await core.schedules.submit(phq.id, answers);
    const other_ = await core.schedules.create({ formId: plain.id, patientId, channel: 'email' });
    await core.advanceClock(60);
    await core.schedules.submit(other_.id, [{ fieldId: 'how', value: 'Bé' }]);
    await ok('notes.create', { patientId, text: 'Trucar dilluns', author: 'Laia' });
    // Someone else's note and form stay on their own timeline.
    await ok('notes.create', { patientId: other, text: 'No és seva' });

    const timeline = (await ok('patients.timeline', { id: patientId })) as TimelineItem[];
    const kinds = timeline.map((i) => i.kind);
    expect(kinds.filter((k) => k === 'note')).toHaveLength(1);
    const responses = timeline.filter((i) => i.kind === 'response');
    expect(responses.map((r) => [r.formName, r.scores])).toEqual([
      ['Seguiment', []],
      [
        PHQ9.name,
        [
          {
            instrument: 'phq9',
            total: 18,
            band: 'moderately_severe',
            answered: 9,
            items: 9,
            max: 27,
          },
        ],
      ],
    ]);
    const alerts = timeline.filter((i) => i.kind === 'alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.alert).toMatchObject({
      patientId,
      source: { type: 'form_response', id: response.id },
      priority: 'urgent',
      state: 'open',
    });
    // Newest first, whatever the kind.
    const times = timeline.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);

    // An alert acted on shows as it is now.
    await ok('alerts.acknowledge', { id: alerts[0]!.alert.id });
    const again = (await ok('patients.timeline', { id: patientId })) as TimelineItem[];
    expect(again.find((i) => i.kind === 'alert')).toMatchObject({
      alert: { state: 'acknowledged' },
    });
  });
});
