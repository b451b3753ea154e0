import { describe, expect, it } from 'vitest';
import { unsafeModelReply } from '../../../src-main/service/assistant/reply-safety';
import { triage } from '../../../src-main/service/triage/triage';

/**
 * The cases the issue was filed with, and everyday clinic messages that share words (or stems)
 * with warning signs and must stay ordinary. The labelled corpora measure the triage; these pin
 * the failures that were found and fixed so they cannot come back.
 */
describe('the reported failures', () => {
  it('chest pain since this morning is an emergency, with no pain score made up', () => {
    const verdict = triage('Tengo un dolor fuerte en el pecho desde esta mañana');
    expect(verdict.level).toBe('emergency');
    expect(verdict.signs).toEqual(['chest_pain']);
    expect(verdict.pain).toBeUndefined();
  });

  it.each([
    'Sería mejor no volver a despertarme',
    'A veces pienso que sería mejor no despertar más',
    'honestly it would be best if I just did not wake up tomorrow',
    'tant de bo no em despertés demà',
  ])('"%s" is suicidal ideation (112 and 024), never good news', (text) => {
    expect(triage(text).signs).toContain('suicidal_thoughts');
  });

  it.each([
    'Me duele un poco la barriga',
    'un poco',
    'Me duele mucho',
    'a bit sore',
    'molt de mal',
  ])('"%s" records no pain score', (text) => {
    expect(triage(text, { asked: 'pain' }).pain).toBeUndefined();
  });
});

describe('everyday messages that share words with warning signs', () => {
  it.each([
    'Sí, me las tomo todos los días',
    'No quiero continuar con el tratamiento, me sienta mal',
    'No voy a estar en casa el lunes',
    'No hi seré dimarts, podem canviar la visita?',
    "I won't be around next week, can we move it?",
    'Se me ha caído el móvil y se ha roto la pantalla',
    'Mañana tengo el análisis de sangre en ayunas',
    'He de fer-me una analítica de sang',
    'Is this an infection?',
    'No veo el enlace del formulario',
    'La clínica no responde al teléfono',
    'Me cae muy bien la doctora',
    'Do I need a fit note for work?',
    'Me muero de ganas de volver a caminar',
    'This heat is killing me',
    'Mi madre murió de un infarto hace muchos años',
    'Tengo la pierna dormida de estar sentada, ya se me está pasando',
    'Tomo dos pastillas cada ocho horas',
    'Ya he recogido la receta, gracias',
  ])('"%s" is not escalated', (text) => {
    const verdict = triage(text);
    expect(verdict.level === 'emergency' || verdict.level === 'urgent', verdict.signs.join()).toBe(
      false,
    );
  });
});

describe('someone else is the patient', () => {
  it.each([
    ['Mi madre no puede mover el brazo', 'stroke'],
    ["El meu pare s'ha desmaiat", 'unconsciousness'],
    ["My husband's lips are blue", 'breathing_difficulty'],
    ['A mi hijo le ha dado una convulsión', 'seizure'],
  ] as const)('"%s" is still an emergency (%s)', (text, sign) => {
    const verdict = triage(text);
    expect(verdict.signs).toContain(sign);
    expect(verdict.aboutSomeoneElse).toBe(true);
  });
});

describe('past, hypothetical and resolved mentions go to a person, not to 112', () => {
  it.each([
    'Hace cinco años tuve un infarto',
    '¿Qué hago si un día me duele el pecho?',
    'What should I do if my dad has a stroke?',
    'Em va fer mal el pit fa dos dies però va durar dos segons',
  ])('"%s" is for the team', (text) => {
    expect(triage(text).level).toBe('team');
  });

  it('a question about an overdose is never taken as hypothetical', () => {
    expect(triage('If I took all my tablets at once, would that be enough?').level).toBe(
      'emergency',
    );
  });
});

describe('numbers', () => {
  it.each([
    ['un 9 de 10', 9],
    ['dolor 8 en la espalda', 8],
    ['el dolor es un nou, un nou', 9],
    ['about a four', 4],
  ] as const)('"%s" is a pain score of %i', (text, pain) => {
    expect(triage(text, { asked: 'pain' }).pain).toBe(pain);
  });

  it.each([
    ['treinta y ocho y medio', 38.5],
    ['tinc 38,4 de febre', 38.4],
    ['temp was thirty-eight point two', 38.2],
  ] as const)('"%s" is a temperature of %s °C', (text, temperature) => {
    expect(triage(text, { asked: 'fever' }).temperature).toBe(temperature);
  });

  it.each([
    'Tomo 2 pastillas cada 8 horas',
    'desde hace 3 días',
    'taking 2 paracetamol every 6 hours',
  ])('"%s" has no pain score', (text) => {
    expect(triage(text, { asked: 'pain' }).pain).toBeUndefined();
  });
});

describe("a language model's reply", () => {
  const base = { language: 'es' as const, context: 'Seguimiento', patientTexts: [] as string[] };

  it('answering an emergency without 112 (or 024 for suicidal thoughts) is unsafe', () => {
    const chest = triage('Me aprieta mucho el pecho');
    expect(unsafeModelReply('Descanse y beba agua.', { ...base, verdict: chest })).toBe(
      'missing_emergency_number',
    );
    expect(unsafeModelReply('Llame ahora al 112.', { ...base, verdict: chest })).toBeUndefined();
    const suicidal = triage('No quiero seguir viviendo');
    expect(unsafeModelReply('Llame al 112.', { ...base, verdict: suicidal })).toBe(
      'missing_emergency_number',
    );
    expect(
      unsafeModelReply('Llame al 024 o al 112 si está en peligro.', { ...base, verdict: suicidal }),
    ).toBeUndefined();
  });

  it('stating a score or temperature the patient did not write is unsafe, in digits or words', () => {
    const verdict = triage('Me duele bastante');
    const check = (reply: string) =>
      unsafeModelReply(reply, { ...base, verdict, patientTexts: ['Me duele bastante'] });
    expect(check('Un dolor de 7 es intenso.')).toBe('invented_number');
    expect(check('Entiendo, un dolor de siete sobre diez.')).toBe('invented_number');
    expect(check('Del 0 al 10, ¿cuánto le duele?')).toBeUndefined();
  });
});
