import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Trucades',
  description: "Trucades automàtiques de l'assistent de veu als pacients, amb la transcripció.",
  newCall: 'Nova trucada',
  filters: {
    label: 'Filtra les trucades',
    patient: 'Pacient',
    allPatients: 'Tots els pacients',
    status: 'Estat',
    allStatuses: 'Tots els estats',
    from: 'Des de',
    to: 'Fins a',
    clear: 'Treu els filtres',
    toBeforeFrom: 'La data final és anterior a la inicial.',
  },
  status: {
    queued: 'En cua',
    ringing: 'Sonant',
    'in-progress': 'En curs',
    completed: 'Completada',
    failed: 'Fallida',
  },
  failureReasons: {
    no_answer: 'No va contestar',
    busy: 'Comunicava',
    invalid_number: 'El número no existeix',
  },
  languages: { es: 'Castellà', ca: 'Català', en: 'Anglès' },
  speakers: { assistant: 'Assistent', patient: 'Pacient' },
  list: {
    label: 'Trucades',
    columns: {
      date: 'Data',
      patient: 'Pacient',
      purpose: 'Motiu',
      status: 'Estat',
      duration: 'Durada',
      credits: 'Crèdits',
    },
    empty: 'Encara no hi ha cap trucada.',
    emptyHint:
      "Inicia'n una amb «Nova trucada»: l'assistent truca al pacient i en deixa la transcripció.",
    noMatches: 'Cap trucada no coincideix amb els filtres.',
    moreError: "No s'han pogut carregar més trucades.",
    updating: 'Actualitzant…',
  },
  duration: {
    seconds: '{{seconds}} s',
    minutes: '{{minutes}} min {{seconds}} s',
    exactMinutes: '{{minutes}} min',
  },
  notSet: '—',
  detail: {
    print: 'Imprimeix la transcripció',
    back: 'Torna a les trucades',
    title: 'Trucada a {{name}}',
    notFound: 'Aquesta trucada no existeix.',
    notFoundHint: "Potser l'enllaç és d'una altra clínica o d'abans de restablir les dades.",
    progress: 'Progrés de la trucada',
    details: 'Detalls',
    patient: 'Pacient',
    purpose: 'Motiu',
    language: 'Idioma',
    status: 'Estat',
    duration: 'Durada',
    credits: 'Crèdits',
    failureReason: 'Motiu de la fallada',
    createdAt: 'Creada',
    answeredAt: 'Contestada',
    completedAt: 'Completada',
    failedAt: 'Fallida',
    unbilled_one: '{{count}} crèdit sense cobrar: el saldo no arribava quan va acabar la trucada.',
    unbilled_other:
      '{{count}} crèdits sense cobrar: el saldo no arribava quan va acabar la trucada.',
    transcript: 'Transcripció',
    transcriptPending: 'La transcripció apareixerà quan acabi la trucada.',
    noTranscript: 'Sense transcripció: no es va arribar a contestar la trucada.',
    summary: 'Resum',
    summaryPending: 'El resum apareixerà quan acabi la trucada.',
    noSummary: 'Sense resum.',
    live: "L'estat s'actualitza sol mentre la trucada avança.",
    fallback: "Ha parlat l'assistent integrat perquè el model de llenguatge no va respondre.",
  },
  start: {
    title: 'Nova trucada',
    intro:
      "L'assistent de veu truca al pacient amb aquest motiu i en deixa la transcripció i un resum.",
    patient: 'Pacient',
    purpose: 'Motiu de la trucada',
    purposeHint: 'P. ex. «Seguiment després de la cirurgia de genoll: dolor, febre i ferida».',
    language: 'Idioma de la trucada',
    languageHint: 'Per defecte, la llengua preferida del pacient.',
    submit: 'Inicia la trucada',
    patientRequired: 'Tria un pacient.',
    noPhone: 'El pacient no té telèfon: afegeix-lo a la seva fitxa per poder-lo trucar.',
  },
  costs: {
    perMinute_one:
      'Cada minut iniciat costa {{formatted}} crèdit i es cobra en contestar; una trucada sense resposta no costa res.',
    perMinute_other:
      'Cada minut iniciat costa {{formatted}} crèdits i es cobra en contestar; una trucada sense resposta no costa res.',
    minimum_one:
      "En iniciar-la es reserva {{formatted}} crèdit (el primer minut); es retorna si no contesta. Si el saldo s'esgota, la trucada s'acaba.",
    minimum_other:
      "En iniciar-la es reserven {{formatted}} crèdits (el primer minut); es retornen si no contesta. Si el saldo s'esgota, la trucada s'acaba.",
  },
  again: {
    action: 'Torna a trucar',
    title: 'Vols tornar a trucar a {{name}}?',
    body: 'Es farà una trucada nova ara, amb el mateix propòsit i el mateix idioma. La trucada fallida es queda a la llista.',
    cost_one: 'Es reserva {{formatted}} crèdit; si no respon, no costa res.',
    cost_other: 'Es reserven {{formatted}} crèdits; si no respon, no costa res.',
    confirm: 'Truca ara',
  },
};
