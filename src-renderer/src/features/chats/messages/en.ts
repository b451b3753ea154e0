import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'Chats',
  description:
    "The assistant's conversations with patients: you write the patient's messages and the assistant replies.",
  newChat: 'New conversation',
  filters: {
    label: 'Filter the conversations',
    patient: 'Patient',
    allPatients: 'All patients',
    escalatedOnly: 'Escalated only',
  },
  list: {
    label: 'Conversation list',
    active: 'Active',
    ended: 'Ended',
    emptyActive: 'No active conversations.',
    emptyEnded: 'No ended conversations.',
    noMatchesActive: 'No active conversation matches the filter.',
    noMatchesEnded: 'No ended conversation matches the filter.',
    moreError: 'Could not load more conversations.',
    lastMessage: 'Last message {{relative}}',
    endedAt: 'Ended {{relative}}',
    messages_one: '{{count}} message',
    messages_other: '{{count}} messages',
  },
  status: { active: 'Active', ended: 'Ended' },
  escalated: 'Escalated',
  escalatedAt: 'Escalated on {{date}}',
  languages: { es: 'Spanish', ca: 'Catalan', en: 'English' },
  roles: { assistant: 'Assistant', patient: 'Patient' },
  noSelection: {
    title: 'Choose a conversation',
    hint: 'Or start a new one for a patient with “New conversation”.',
  },
  notFound: 'This conversation does not exist.',
  backToList: 'Back to the list',
  chat: {
    label: 'Conversation with {{name}}',
    openPatient: "Open {{name}}'s record",
    context: 'Context for the assistant',
    language: 'Language',
    startedAt: 'Started',
    credits: 'Credits used',
    messagesLabel: 'Conversation messages',
    redFlag: 'Red flag',
    redFlagEscalated: 'Red flag: escalated',
    fallback: 'The built-in assistant replied because the language model did not answer.',
    sending: 'Sending…',
    typing: 'The assistant is typing…',
    end: 'End the conversation',
    endTitle: 'End the conversation?',
    endBody:
      'No more messages can be sent. To keep talking with {{name}} you will need to start a new conversation.',
    endConfirm: 'End',
    endFailed: 'Could not end it: {{reason}}',
  },
  ended: {
    title: 'Conversation ended on {{date}}',
    inactivity: 'It ended for inactivity: 30 minutes without messages.',
    closed: 'The coordinator ended it.',
    unknown: 'It no longer takes messages.',
    readOnly: 'It is read-only; to continue, start a new conversation.',
  },
  link: {
    open: 'Send link to patient',
    title: 'Send a link to {{name}}',
    intro:
      'The patient opens the link on their phone and writes themselves; the assistant answers and you see the messages here as they arrive. The link stops working when the conversation ends.',
    channel: 'Channel',
    channels: { whatsapp: 'WhatsApp', email: 'E-mail' },
    noAddress: 'No address',
    consent: {
      yes: 'Consent: yes',
      no: 'Consent: no',
      unknown: 'Consent not recorded',
    },
    refused: 'cannot be used',
    noChannel:
      "It cannot be sent: the patient has no phone or e-mail, or has not consented. Edit the patient's record.",
    cost: 'Sending the link costs no credits (the conversation is already paid for); each patient message costs 1 credit.',
    submit: 'Send the link',
    done: 'Done',
    sent: 'Link sent by {{channel}} to {{to}}. It is in the log of sent messages.',
    failed: 'Not sent: {{reason}}',
    sentList: 'Links sent',
    sentListLabel: 'Links sent for this conversation',
    sentEntry: '{{channel}} to {{to}}, {{date}}',
    transport: { outbox: 'in the outbox', smtp: 'sent by SMTP' },
  },
  sandboxComposer: {
    title: 'Sandbox tool: type as the patient',
    hint: 'For testing only. What you type here counts as the patient’s and uses credits. Real patients write from their link.',
  },
  patientWrites:
    'The patient writes from their link. Send it with “Send link to patient”; their messages appear here as they arrive.',
  composer: {
    label: "Patient's message",
    placeholder: 'Write what {{name}} would say…',
    hint: 'Enter sends; Shift+Enter adds a line.',
    send: 'Send',
  },
  costs: {
    start_one: 'Starting the conversation costs {{formatted}} credit.',
    start_other: 'Starting the conversation costs {{formatted}} credits.',
    message_one: 'Each message costs {{formatted}} credit.',
    message_other: 'Each message costs {{formatted}} credits.',
    balance_one: 'Current balance: {{formatted}} credit.',
    balance_other: 'Current balance: {{formatted}} credits.',
    notEnough: 'The balance is not enough: add credits before going on.',
    loading: 'Checking the price…',
    unavailable: 'Could not check the balance.',
  },
  start: {
    title: 'New conversation',
    intro:
      "The assistant greets the patient following this context; then you write the patient's messages and the assistant replies.",
    patient: 'Patient',
    context: 'Context for the assistant',
    contextHint:
      'Purpose, tone and limits; e.g. “Follow-up after knee surgery. No medical advice.”',
    language: 'Conversation language',
    languageHint: "By default, the patient's preferred language.",
    submit: 'Start the conversation',
    patientRequired: 'Choose a patient.',
  },
  picker: {
    placeholder: 'Search by name, e-mail or phone',
    change: 'Change',
    noMatches: 'No patient matches.',
    noPhone: 'No phone',
  },
  errors: {
    notSent: 'The message was not sent.',
    conversation_ended_inactivity:
      'The conversation ended for inactivity (30 minutes without messages). Start a new one to go on.',
    conversation_ended:
      'The conversation has already ended. Start a new one to keep talking with the patient.',
    conversation_busy: 'Other messages reached this conversation meanwhile; send yours again.',
  },
};
