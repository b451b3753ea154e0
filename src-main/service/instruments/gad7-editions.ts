import type { InstrumentEdition } from './edition';

/**
 * The GAD-7 (Spitzer, Kroenke, Williams & Löwe 2006) word for word: the seven items and the four
 * frequency options. Where each text was checked: docs/validated-instruments.md.
 */

export const GAD7_EN: InstrumentEdition = {
  id: 'gad7-en-us',
  instrument: 'gad7',
  language: 'en',
  title: 'Generalized Anxiety Disorder scale (GAD-7)',
  instruction: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  options: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
  items: [
    'Feeling nervous, anxious or on edge',
    'Not being able to stop or control worrying',
    'Worrying too much about different things',
    'Trouble relaxing',
    'Being so restless that it is hard to sit still',
    'Becoming easily annoyed or irritable',
    'Feeling afraid as if something awful might happen',
  ],
  attribution:
    'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.',
  source: {
    publisher: 'Pfizer Inc. (PHQ Screeners)',
    region: 'US',
    checked: 'verbatim',
  },
};

/**
 * The Spanish adaptation used in Spain (García-Campayo et al. 2010, validated in Spanish primary
 * care): its own recall window ("los últimos 15 días") and second option ("Menos de la mitad de
 * los días"). Checked against independent reproductions, not against the article itself.
 */
export const GAD7_ES: InstrumentEdition = {
  id: 'gad7-es-es',
  instrument: 'gad7',
  language: 'es',
  title: 'Escala de ansiedad generalizada (GAD-7)',
  instruction:
    'Señale con qué frecuencia ha sufrido los siguientes problemas en los últimos 15 días:',
  options: [
    'Nunca',
    'Menos de la mitad de los días',
    'Más de la mitad de los días',
    'Casi todos los días',
  ],
  items: [
    'Se ha sentido nervioso, ansioso o muy alterado',
    'No ha podido dejar de preocuparse',
    'Se ha preocupado excesivamente por diferentes cosas',
    'Ha tenido dificultad para relajarse',
    'Se ha sentido tan intranquilo que no podía estarse quieto',
    'Se ha irritado o enfadado con facilidad',
    'Ha sentido miedo, como si fuera a suceder algo terrible',
  ],
  attribution:
    'GAD-7: Spitzer, Kroenke, Williams y Löwe (2006). Adaptación española: García-Campayo y cols. (2010).',
  source: {
    publisher: 'García-Campayo et al., Health Qual Life Outcomes 2010;8:8',
    region: 'ES',
    checked: 'reproductions',
  },
};
