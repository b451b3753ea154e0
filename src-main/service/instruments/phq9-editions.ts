import type { InstrumentEdition } from './edition';

/**
 * The PHQ-9 as published by its authors (Kroenke, Spitzer & Williams 2001; phqscreeners.com),
 * word for word: items, the four frequency options and the unscored difficulty question. The
 * paper form's "(Use ✔ to indicate your answer)" is left out: the page's radio buttons replace it.
 * Where each text was checked, and what could not be: docs/validated-instruments.md.
 */

const PFIZER_EN =
  'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.';

export const PHQ9_EN: InstrumentEdition = {
  id: 'phq9-en-us',
  instrument: 'phq9',
  language: 'en',
  title: 'Patient Health Questionnaire (PHQ-9)',
  instruction:
    'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  options: ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'],
  items: [
    'Little interest or pleasure in doing things',
    'Feeling down, depressed, or hopeless',
    'Trouble falling or staying asleep, or sleeping too much',
    'Feeling tired or having little energy',
    'Poor appetite or overeating',
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    'Thoughts that you would be better off dead or of hurting yourself in some way',
  ],
  difficulty: {
    id: 'phq9_difficulty',
    label:
      'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
    options: [
      'Not difficult at all',
      'Somewhat difficult',
      'Very difficult',
      'Extremely difficult',
    ],
  },
  attribution: PFIZER_EN,
  source: {
    publisher: 'Pfizer Inc. (PHQ Screeners)',
    region: 'US',
    checked: 'verbatim',
  },
};

/**
 * Pfizer's own Spanish translation (the "Spanish for the USA" form of PHQ Screeners): the only
 * Spanish text that could be checked word for word here. The Spain edition could not be read
 * (docs/validated-instruments.md); it replaces this one once it is checked.
 */
export const PHQ9_ES: InstrumentEdition = {
  id: 'phq9-es-us',
  instrument: 'phq9',
  language: 'es',
  title: 'Cuestionario sobre la salud del paciente (PHQ-9)',
  instruction:
    'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
  options: ['Ningún día', 'Varios días', 'Más de la mitad de los días', 'Casi todos los días'],
  items: [
    'Poco interés o placer en hacer cosas',
    'Se ha sentido decaído(a), deprimido(a) o sin esperanzas',
    'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado',
    'Se ha sentido cansado(a) o con poca energía',
    'Sin apetito o ha comido en exceso',
    'Se ha sentido mal con usted mismo(a) – o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
    'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
    '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario – muy inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
    'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
  ],
  difficulty: {
    id: 'phq9_difficulty',
    label:
      'Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado estos problemas para hacer su trabajo, encargarse de las tareas del hogar, o llevarse bien con otras personas?',
    options: ['No ha sido difícil', 'Un poco difícil', 'Muy difícil', 'Extremadamente difícil'],
  },
  attribution:
    'Elaborado por los doctores Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke y colegas, mediante una subvención educativa otorgada por Pfizer Inc. No se requiere permiso para reproducir, traducir, presentar o distribuir.',
  source: {
    publisher: 'Pfizer Inc. (PHQ Screeners)',
    region: 'US',
    checked: 'verbatim',
  },
};
