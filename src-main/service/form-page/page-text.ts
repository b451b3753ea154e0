import { TEXT_ANSWER_MAX, type AnswerErrorCode } from '../domain/form-answers';
import type { FieldType } from '../schemas/clinical-form';
import type { Language } from '../schemas/form-schedule';

/** What an error sentence may mention about its field; absent when the answer matched no field. */
export interface ErrorFacts {
  type?: FieldType;
  min?: number;
  max?: number;
  step?: number;
}

export type StatusKind = 'completed' | 'cancelled' | 'unavailable' | 'busy' | 'not_found';

/** What a status page may say; `completedAt` arrives already formatted for the language. */
export interface StatusFacts {
  clinicName: string;
  formName?: string;
  completedAt?: string;
}

export interface PageText {
  /** BCP 47 locale for Intl number and date formatting (the page's `lang` is the Language). */
  locale: string;
  /** Numbers as the language writes them (7,5 in Spanish and Catalan). */
  formatNumber: (n: number) => string;
  required: string;
  optional: string;
  submit: string;
  yes: string;
  no: string;
  selectPlaceholder: string;
  /** Read before each error by screen readers and put in front of the title of a page with errors. */
  errorPrefix: string;
  errorSummaryTitle: string;
  errors: Record<AnswerErrorCode, (facts: ErrorFacts) => string>;
  status: Record<StatusKind, { title: string; paragraphs: (facts: StatusFacts) => string[] }>;
  footer: (clinicName: string) => string;
}

function numberIn(locale: string): (n: number) => string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  return (n) => format.format(n);
}

/** A whole-number scale (step 1 from a whole minimum) reads better as "a whole number". */
function wholeSteps(f: ErrorFacts): boolean {
  return (f.step ?? 1) === 1 && Number.isInteger(f.min ?? 0);
}

const hasRange = (f: ErrorFacts): f is ErrorFacts & { min: number; max: number } =>
  f.min !== undefined && f.max !== undefined;

const isNumeric = (f: ErrorFacts): boolean => f.type === 'number' || f.type === 'slider';

function spanish(): PageText {
  const n = numberIn('es');
  const between = (f: ErrorFacts & { min: number; max: number }) =>
    `Escriba un número entre ${n(f.min)} y ${n(f.max)}.`;
  const form = (f: StatusFacts) =>
    f.formName ? `el formulario «${f.formName}»` : 'este formulario';
  return {
    locale: 'es',
    formatNumber: n,
    required: '(obligatoria)',
    optional: '(opcional)',
    submit: 'Enviar respuestas',
    yes: 'Sí',
    no: 'No',
    selectPlaceholder: 'Elija una opción…',
    errorPrefix: 'Error:',
    errorSummaryTitle: 'Hay algún problema con sus respuestas',
    errors: {
      required: (f) =>
        f.type === 'multiselect' ? 'Elija al menos una opción.' : 'Responda a esta pregunta.',
      type: (f) => {
        if (isNumeric(f)) {
          return hasRange(f) ? between(f) : 'Escriba un número, por ejemplo 7 o 7,5.';
        }
        if (f.type === 'boolean') return 'Elija «Sí» o «No».';
        if (f.type === 'date') return 'Escriba una fecha válida.';
        if (f.type === 'select' || f.type === 'multiselect') return 'Elija una de las opciones.';
        return 'Escriba su respuesta.';
      },
      empty: () => 'Su respuesta está en blanco. Escriba una respuesta.',
      too_long: () =>
        `Su respuesta es demasiado larga: puede escribir hasta ${n(TEXT_ANSWER_MAX)} caracteres.`,
      range: (f) => {
        if (hasRange(f)) return between(f);
        if (f.min !== undefined) return `Escriba un número igual o mayor que ${n(f.min)}.`;
        if (f.max !== undefined) return `Escriba un número igual o menor que ${n(f.max)}.`;
        return 'Escriba un número válido.';
      },
      step: (f) => {
        const min = n(f.min ?? 0);
        const max = f.max === undefined ? undefined : n(f.max);
        if (wholeSteps(f)) {
          return max ? `Elija un número entero entre ${min} y ${max}.` : 'Elija un número entero.';
        }
        const step = n(f.step ?? 1);
        return max
          ? `Elija un valor entre ${min} y ${max}, en intervalos de ${step}.`
          : `Elija un valor a partir de ${min}, en intervalos de ${step}.`;
      },
      option: (f) =>
        f.type === 'multiselect'
          ? 'Elija solo entre las opciones de la lista.'
          : 'Elija una de las opciones de la lista.',
      duplicate_option: () => 'Ha marcado la misma opción más de una vez. Márquela solo una vez.',
      date: () => 'Escriba una fecha que exista, con día, mes y año.',
      unknown_field: () =>
        'Hemos recibido una respuesta a una pregunta que no está en este formulario. Revise sus respuestas y vuelva a enviarlas.',
      duplicate_field: () => 'Esta pregunta tiene más de una respuesta. Deje solo una.',
    },
    status: {
      completed: {
        title: 'Gracias',
        paragraphs: (f) => [
          f.completedAt
            ? `${capitalise(form(f))} se completó el ${f.completedAt}.`
            : `${capitalise(form(f))} ya se ha completado.`,
          'No tiene que hacer nada más. Ya puede cerrar esta página.',
        ],
      },
      cancelled: {
        title: 'Este formulario ya no está disponible',
        paragraphs: (f) => [
          `${f.clinicName} ha retirado ${form(f)}, así que no hace falta que lo responda.`,
          `Si tiene alguna duda, póngase en contacto con ${f.clinicName}.`,
        ],
      },
      unavailable: {
        title: 'Ahora no se puede responder este formulario',
        paragraphs: (f) => [
          'Vuelva a intentarlo más tarde.',
          `Si el problema continúa, póngase en contacto con ${f.clinicName}.`,
        ],
      },
      busy: {
        title: 'Demasiados intentos seguidos',
        paragraphs: () => [
          'Espere unos minutos y vuelva a abrir el enlace.',
          'Si ya envió sus respuestas, están guardadas.',
        ],
      },
      not_found: {
        title: 'Este enlace no es válido',
        paragraphs: () => [
          'Es posible que el enlace esté incompleto o que haya caducado.',
          'Si necesita responder un formulario, póngase en contacto con su clínica.',
        ],
      },
    },
    footer: (clinic) => `Página ofrecida por ${clinic}.`,
  };
}

function catalan(): PageText {
  const n = numberIn('ca');
  const between = (f: ErrorFacts & { min: number; max: number }) =>
    `Escrigui un número entre ${n(f.min)} i ${n(f.max)}.`;
  const form = (f: StatusFacts) =>
    f.formName ? `el formulari «${f.formName}»` : 'aquest formulari';
  return {
    locale: 'ca',
    formatNumber: n,
    required: '(obligatòria)',
    optional: '(opcional)',
    submit: 'Enviar les respostes',
    yes: 'Sí',
    no: 'No',
    selectPlaceholder: 'Triï una opció…',
    errorPrefix: 'Error:',
    errorSummaryTitle: 'Hi ha algun problema amb les seves respostes',
    errors: {
      required: (f) =>
        f.type === 'multiselect' ? 'Triï almenys una opció.' : 'Respongui aquesta pregunta.',
      type: (f) => {
        if (isNumeric(f)) {
          return hasRange(f) ? between(f) : 'Escrigui un número, per exemple 7 o 7,5.';
        }
        if (f.type === 'boolean') return 'Triï «Sí» o «No».';
        if (f.type === 'date') return 'Escrigui una data vàlida.';
        if (f.type === 'select' || f.type === 'multiselect') return 'Triï una de les opcions.';
        return 'Escrigui la seva resposta.';
      },
      empty: () => 'La seva resposta és buida. Escrigui una resposta.',
      too_long: () =>
        `La seva resposta és massa llarga: pot escriure fins a ${n(TEXT_ANSWER_MAX)} caràcters.`,
      range: (f) => {
        if (hasRange(f)) return between(f);
        if (f.min !== undefined) return `Escrigui un número igual o superior a ${n(f.min)}.`;
        if (f.max !== undefined) return `Escrigui un número igual o inferior a ${n(f.max)}.`;
        return 'Escrigui un número vàlid.';
      },
      step: (f) => {
        const min = n(f.min ?? 0);
        const max = f.max === undefined ? undefined : n(f.max);
        if (wholeSteps(f)) {
          return max ? `Triï un número enter entre ${min} i ${max}.` : 'Triï un número enter.';
        }
        const step = n(f.step ?? 1);
        return max
          ? `Triï un valor entre ${min} i ${max}, en intervals de ${step}.`
          : `Triï un valor a partir de ${min}, en intervals de ${step}.`;
      },
      option: (f) =>
        f.type === 'multiselect'
          ? 'Triï només entre les opcions de la llista.'
          : 'Triï una de les opcions de la llista.',
      duplicate_option: () =>
        "Ha marcat la mateixa opció més d'una vegada. Marqui-la només una vegada.",
      date: () => 'Escrigui una data que existeixi, amb dia, mes i any.',
      unknown_field: () =>
        'Hem rebut una resposta a una pregunta que no és en aquest formulari. Revisi les respostes i torni-les a enviar.',
      duplicate_field: () => "Aquesta pregunta té més d'una resposta. Deixi'n només una.",
    },
    status: {
      completed: {
        title: 'Gràcies',
        paragraphs: (f) => [
          f.completedAt
            ? `${capitalise(form(f))} es va completar el ${f.completedAt}.`
            : `${capitalise(form(f))} ja s'ha completat.`,
          'No cal que faci res més. Ja pot tancar aquesta pàgina.',
        ],
      },
      cancelled: {
        title: 'Aquest formulari ja no està disponible',
        paragraphs: (f) => [
          `${f.clinicName} ha retirat ${form(f)}, així que no cal que el respongui.`,
          `Si té cap dubte, posi's en contacte amb ${f.clinicName}.`,
        ],
      },
      unavailable: {
        title: 'Ara no es pot respondre aquest formulari',
        paragraphs: (f) => [
          'Torni-ho a provar més tard.',
          `Si el problema continua, posi's en contacte amb ${f.clinicName}.`,
        ],
      },
      busy: {
        title: 'Massa intents seguits',
        paragraphs: () => [
          "Esperi uns minuts i torni a obrir l'enllaç.",
          'Si ja va enviar les respostes, estan desades.',
        ],
      },
      not_found: {
        title: 'Aquest enllaç no és vàlid',
        paragraphs: () => [
          "És possible que l'enllaç estigui incomplet o que hagi caducat.",
          "Si ha de respondre un formulari, posi's en contacte amb la seva clínica.",
        ],
      },
    },
    footer: (clinic) => `Pàgina oferta per ${clinic}.`,
  };
}

function english(): PageText {
  // British English for dates and spelling: the clinics are in Spain, the patients mostly European.
  const n = numberIn('en-GB');
  const between = (f: ErrorFacts & { min: number; max: number }) =>
    `Enter a number between ${n(f.min)} and ${n(f.max)}.`;
  const form = (f: StatusFacts) => (f.formName ? `the form “${f.formName}”` : 'this form');
  return {
    locale: 'en-GB',
    formatNumber: n,
    required: '(required)',
    optional: '(optional)',
    submit: 'Send answers',
    yes: 'Yes',
    no: 'No',
    selectPlaceholder: 'Choose an option…',
    errorPrefix: 'Error:',
    errorSummaryTitle: 'There is a problem with your answers',
    errors: {
      required: (f) =>
        f.type === 'multiselect' ? 'Choose at least one option.' : 'Answer this question.',
      type: (f) => {
        if (isNumeric(f)) {
          return hasRange(f) ? between(f) : 'Enter a number, for example 7 or 7.5.';
        }
        if (f.type === 'boolean') return 'Choose “Yes” or “No”.';
        if (f.type === 'date') return 'Enter a valid date.';
        if (f.type === 'select' || f.type === 'multiselect') return 'Choose one of the options.';
        return 'Write your answer.';
      },
      empty: () => 'Your answer is blank. Please write an answer.',
      too_long: () =>
        `Your answer is too long: you can write up to ${n(TEXT_ANSWER_MAX)} characters.`,
      range: (f) => {
        if (hasRange(f)) return between(f);
        if (f.min !== undefined) return `Enter a number of ${n(f.min)} or more.`;
        if (f.max !== undefined) return `Enter a number of ${n(f.max)} or less.`;
        return 'Enter a valid number.';
      },
      step: (f) => {
        const min = n(f.min ?? 0);
        const max = f.max === undefined ? undefined : n(f.max);
        if (wholeSteps(f)) {
          return max
            ? `Choose a whole number between ${min} and ${max}.`
            : 'Choose a whole number.';
        }
        const step = n(f.step ?? 1);
        return max
          ? `Choose a value between ${min} and ${max}, in steps of ${step}.`
          : `Choose a value from ${min} upwards, in steps of ${step}.`;
      },
      option: (f) =>
        f.type === 'multiselect'
          ? 'Choose only from the options in the list.'
          : 'Choose one of the options in the list.',
      duplicate_option: () => 'You ticked the same option more than once. Tick it only once.',
      date: () => 'Enter a date that exists, with day, month and year.',
      unknown_field: () =>
        "We received an answer to a question that isn't on this form. Please check your answers and send them again.",
      duplicate_field: () => 'This question has more than one answer. Please leave only one.',
    },
    status: {
      completed: {
        title: 'Thank you',
        paragraphs: (f) => [
          f.completedAt
            ? `${capitalise(form(f))} was completed on ${f.completedAt}.`
            : `${capitalise(form(f))} has been completed.`,
          "There's nothing more you need to do. You can close this page.",
        ],
      },
      cancelled: {
        title: 'This form is no longer available',
        paragraphs: (f) => [
          `${f.clinicName} has withdrawn ${form(f)}, so you don't need to answer it.`,
          `If you have any questions, please contact ${f.clinicName}.`,
        ],
      },
      unavailable: {
        title: "This form can't be answered right now",
        paragraphs: (f) => [
          'Please try again later.',
          `If the problem continues, please contact ${f.clinicName}.`,
        ],
      },
      busy: {
        title: 'Too many attempts in a row',
        paragraphs: () => [
          'Please wait a few minutes and open the link again.',
          'If you already sent your answers, they are saved.',
        ],
      },
      not_found: {
        title: "This link isn't valid",
        paragraphs: () => [
          'The link may be incomplete, or it may have expired.',
          'If you need to answer a form, please contact your clinic.',
        ],
      },
    },
    footer: (clinic) => `Page provided by ${clinic}.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TEXTS: Record<Language, PageText> = { es: spanish(), ca: catalan(), en: english() };

/** Everything the patient pages say, in the patient's language. */
export function pageText(language: Language): PageText {
  return TEXTS[language];
}
