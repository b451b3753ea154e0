import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'Alerts',
  description:
    'Warning signs from chats, calls, forms and deliveries that a person should look at: open ones first, urgent ones at the top.',
  counts: {
    urgent_one: '{{count}} urgent',
    urgent_other: '{{count}} urgent',
    review_one: '{{count}} to review',
    review_other: '{{count}} to review',
    none: 'none open',
    unknown: 'the open count could not be loaded',
  },
  announce: {
    urgent: 'New urgent alert',
    review: 'New alert to review',
  },
  priority: {
    urgent: 'Urgent',
    review: 'To review',
  },
  states: {
    open: 'Open',
    acknowledged: 'Acknowledged',
    resolved: 'Resolved',
  },
  sources: {
    conversation: 'Chat',
    call: 'Call',
    form_response: 'Form response',
    form_schedule: 'Form delivery',
  },
  sourceLinks: {
    conversation: 'Open the chat',
    call: 'See the call',
    form_response: 'See the response',
    form_schedule: 'See deliveries',
  },
  filters: {
    label: 'Filter alerts',
    patient: 'Patient',
    allPatients: 'All patients',
    priority: 'Priority',
    allPriorities: 'All priorities',
    source: 'Source',
    allSources: 'All sources',
    state: 'State',
    allStates: 'All states',
    clear: 'Clear filters',
  },
  list: {
    label: 'Alert list',
    empty: 'No alerts',
    emptyBody:
      'They appear here when a patient writes or says something worrying in a chat or a call, when an answer meets an alert rule, or when an important form cannot be delivered.',
    noMatches: 'No alert matches the filters.',
    moreFailed: 'More alerts could not be loaded.',
    raisedAt: 'Raised on {{date}}',
    alertOf: 'Alert for {{name}}',
  },
  history: {
    acknowledged: 'Acknowledged on {{date}} {{by}}.',
    resolved: 'Resolved on {{date}} {{by}}.',
    byDesk: 'in Engage Desk',
    byApiKey: 'with the API key “{{name}}”',
    note: 'Note:',
  },
  actions: {
    acknowledge: 'Acknowledge',
    resolve: 'Resolve',
    acknowledgeLabel: 'Acknowledge the alert for {{name}}',
    resolveLabel: 'Resolve the alert for {{name}}',
  },
  dialog: {
    acknowledgeTitle: 'Acknowledge the alert',
    resolveTitle: 'Resolve the alert',
    note: 'Note (optional)',
    noteHint: 'What was done or decided; it is kept with the alert.',
    done: {
      acknowledged: 'The alert for {{name}} was acknowledged.',
      resolved: 'The alert for {{name}} was resolved.',
    },
    errors: {
      alert_acknowledged: 'Someone had already acknowledged it.',
      alert_resolved: 'Someone had already resolved it.',
    },
  },
  reasons: {
    chat_emergency: 'Emergency in a chat: {{signs}}. The patient was told to call 112.',
    chat_urgent: 'Urgent in a chat: {{signs}}. The team should call the patient today.',
    chat_for_team: 'A chat message the assistant could not interpret needs a person to read it.',
    call_emergency: 'Emergency in a call: {{signs}}. The patient was told to call 112.',
    call_urgent: 'Urgent in a call: {{signs}}. The team should call the patient today.',
    call_for_team: 'Something the patient said in a call needs a person to read it.',
    call_failed:
      'A patient with an urgent alert could not be reached: the call failed ({{failure}}).',
    response_rule:
      '{{form}}: the answer to “{{subject}}” is {{value}} (the alert is for {{rule}}).',
    response_score:
      '{{form}}: the {{instrument}} total score is {{value}} (the alert is for {{rule}}).',
    response_text: '{{form}}: a written answer mentions {{signs}}.',
    response_text_for_team: '{{form}}: a written answer needs a person to read it.',
    delivery_failed: '“{{form}}” could not be delivered ({{failure}}).',
    aForm: 'A form',
    unknownFailure: 'unknown reason',
  },
  rules: {
    between: 'a value from {{min}} to {{max}}',
    atLeast: '{{min}} or more',
    atMost: '{{max}} or less',
    equals: '“{{value}}”',
    yes: 'Yes',
    no: 'No',
  },
  card: {
    title: 'Open alerts',
    link: 'See alerts',
    none: 'No open alerts.',
  },
  patient: {
    title: 'Unresolved alerts',
    seeAll: 'See their alerts',
  },
};
