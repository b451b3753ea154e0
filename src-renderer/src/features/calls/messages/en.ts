import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'Calls',
  description: "The voice assistant's automated calls to patients, with their transcripts.",
  newCall: 'New call',
  filters: {
    label: 'Filter the calls',
    patient: 'Patient',
    allPatients: 'All patients',
    status: 'Status',
    allStatuses: 'All statuses',
    from: 'From',
    to: 'To',
    clear: 'Clear the filters',
    toBeforeFrom: 'The end date is before the start date.',
  },
  status: {
    queued: 'Queued',
    ringing: 'Ringing',
    'in-progress': 'In progress',
    completed: 'Completed',
    failed: 'Failed',
  },
  failureReasons: {
    no_answer: 'No answer',
    busy: 'Busy',
    invalid_number: 'The number does not exist',
  },
  languages: { es: 'Spanish', ca: 'Catalan', en: 'English' },
  speakers: { assistant: 'Assistant', patient: 'Patient' },
  list: {
    label: 'Calls',
    columns: {
      date: 'Date',
      patient: 'Patient',
      purpose: 'Purpose',
      status: 'Status',
      duration: 'Duration',
      credits: 'Credits',
    },
    empty: 'No calls yet.',
    emptyHint:
      'Start one with “New call”: the assistant calls the patient and leaves the transcript.',
    noMatches: 'No call matches the filters.',
    moreError: 'Could not load more calls.',
    updating: 'Updating…',
  },
  duration: {
    seconds: '{{seconds}} s',
    minutes: '{{minutes}} min {{seconds}} s',
    exactMinutes: '{{minutes}} min',
  },
  notSet: '—',
  detail: {
    back: 'Back to calls',
    title: 'Call to {{name}}',
    notFound: 'This call does not exist.',
    notFoundHint: 'The link may be from another clinic or from before the data was reset.',
    progress: 'Call progress',
    details: 'Details',
    patient: 'Patient',
    purpose: 'Purpose',
    language: 'Language',
    status: 'Status',
    duration: 'Duration',
    credits: 'Credits',
    failureReason: 'Why it failed',
    createdAt: 'Created',
    answeredAt: 'Answered',
    completedAt: 'Completed',
    failedAt: 'Failed',
    unbilled_one: '{{count}} credit not charged: the balance was short when the call ended.',
    unbilled_other: '{{count}} credits not charged: the balance was short when the call ended.',
    transcript: 'Transcript',
    transcriptPending: 'The transcript will appear when the call ends.',
    noTranscript: 'No transcript: the call was not answered.',
    summary: 'Summary',
    summaryPending: 'The summary will appear when the call ends.',
    noSummary: 'No summary.',
    live: 'The status updates by itself as the call goes on.',
    fallback: 'The built-in assistant spoke because the language model did not answer.',
  },
  start: {
    title: 'New call',
    intro:
      'The voice assistant calls the patient for this purpose and leaves a transcript and a summary.',
    patient: 'Patient',
    purpose: 'Purpose of the call',
    purposeHint: 'E.g. “Follow-up after knee surgery: pain, fever and the wound”.',
    language: 'Call language',
    languageHint: "By default, the patient's preferred language.",
    submit: 'Start the call',
    patientRequired: 'Choose a patient.',
    noPhone: 'The patient has no phone: add one to their record to call them.',
  },
  costs: {
    perMinute_one:
      'Each started minute costs {{formatted}} credit, charged when the call is answered; an unanswered call costs nothing.',
    perMinute_other:
      'Each started minute costs {{formatted}} credits, charged when the call is answered; an unanswered call costs nothing.',
    minimum_one:
      'Starting it reserves {{formatted}} credit (the first minute), returned if nobody answers. If the balance runs out, the call ends.',
    minimum_other:
      'Starting it reserves {{formatted}} credits (the first minute), returned if nobody answers. If the balance runs out, the call ends.',
  },
};
