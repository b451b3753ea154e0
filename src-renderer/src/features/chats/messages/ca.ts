import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Xats',
  description:
    "Converses de l'assistent amb els pacients: escrius els missatges del pacient i l'assistent respon.",
  newChat: 'Nova conversa',
  filters: {
    label: 'Filtra les converses',
    patient: 'Pacient',
    allPatients: 'Tots els pacients',
    escalatedOnly: 'Només les escalades',
  },
  list: {
    label: 'Llista de converses',
    active: 'Actives',
    ended: 'Finalitzades',
    emptyActive: 'No hi ha cap conversa activa.',
    emptyEnded: 'No hi ha cap conversa finalitzada.',
    noMatchesActive: 'Cap conversa activa no coincideix amb el filtre.',
    noMatchesEnded: 'Cap conversa finalitzada no coincideix amb el filtre.',
    moreError: "No s'han pogut carregar més converses.",
    lastMessage: 'Últim missatge {{relative}}',
    endedAt: 'Finalitzada {{relative}}',
    messages_one: '{{count}} missatge',
    messages_other: '{{count}} missatges',
  },
  status: { active: 'Activa', ended: 'Finalitzada' },
  escalated: 'Escalada',
  escalatedAt: 'Escalada el {{date}}',
  languages: { es: 'Castellà', ca: 'Català', en: 'Anglès' },
  roles: { assistant: 'Assistent', patient: 'Pacient' },
  noSelection: {
    title: 'Tria una conversa',
    hint: "O inicia'n una de nova per a un pacient amb «Nova conversa».",
  },
  notFound: 'Aquesta conversa no existeix.',
  backToList: 'Torna a la llista',
  chat: {
    label: 'Conversa amb {{name}}',
    openPatient: 'Mostra la fitxa de {{name}}',
    context: "Context per a l'assistent",
    language: 'Idioma',
    startedAt: 'Iniciada',
    credits: 'Crèdits consumits',
    messagesLabel: 'Missatges de la conversa',
    redFlag: "Senyal d'alarma",
    redFlagEscalated: "Senyal d'alarma: s'ha escalat",
    fallback: "Ha respost l'assistent integrat perquè el model de llenguatge no va contestar.",
    sending: 'Enviant…',
    typing: "L'assistent està escrivint…",
    end: 'Finalitza la conversa',
    endTitle: 'Vols finalitzar la conversa?',
    endBody:
      "No s'hi podran enviar més missatges. Per continuar parlant amb {{name}} caldrà iniciar una conversa nova.",
    endConfirm: 'Finalitza',
    endFailed: "No s'ha pogut finalitzar: {{reason}}",
  },
  ended: {
    title: 'Conversa finalitzada el {{date}}',
    inactivity: 'Va finalitzar per inactivitat: 30 minuts sense missatges.',
    closed: 'La va finalitzar el coordinador.',
    unknown: 'Ja no admet missatges.',
    readOnly: "És només de lectura; per continuar, inicia'n una de nova.",
  },
  link: {
    open: 'Enviar enllaç al pacient',
    title: 'Enviar enllaç a {{name}}',
    intro:
      "El pacient obre l'enllaç al mòbil i escriu ell mateix; l'assistent li respon i veus els missatges aquí al moment. L'enllaç deixa de funcionar quan la conversa acaba.",
    channel: 'Canal',
    channels: { whatsapp: 'WhatsApp', email: 'Correu electrònic' },
    noAddress: 'Sense adreça',
    consent: {
      yes: 'Consentiment: sí',
      no: 'Consentiment: no',
      unknown: 'Consentiment sense registrar',
    },
    refused: 'no es pot fer servir',
    noChannel:
      "No es pot enviar: el pacient no té telèfon ni correu, o no ha donat el consentiment. Edita'n la fitxa.",
    cost: "Enviar l'enllaç no costa crèdits (la conversa ja està pagada); cada missatge del pacient costa 1 crèdit.",
    submit: "Enviar l'enllaç",
    done: 'Fet',
    sent: 'Enllaç enviat per {{channel}} a {{to}}. És al registre de missatges enviats.',
    failed: "No s'ha enviat: {{reason}}",
    sentList: 'Enllaços enviats',
    sentListLabel: "Enllaços enviats d'aquesta conversa",
    sentEntry: '{{channel}} a {{to}}, {{date}}',
    transport: { outbox: 'a la safata de sortida', smtp: 'enviat per SMTP' },
  },
  sandboxComposer: {
    title: 'Eina del sandbox: escriure com el pacient',
    badge: 'Eina del sandbox',
    hint: 'Escrius com el pacient, només per provar; consumeix crèdits.',
  },
  patientWrites:
    "El pacient escriu des del seu enllaç. Envia-l'hi amb «Enviar enllaç al pacient»; els seus missatges apareixen aquí al moment.",
  composer: {
    label: 'Missatge del pacient',
    placeholder: 'Escriu el que diria {{name}}…',
    hint: 'Retorn envia; Maj+Retorn afegeix una línia.',
    send: 'Envia',
  },
  costs: {
    start_one: 'Iniciar la conversa costa {{formatted}} crèdit.',
    start_other: 'Iniciar la conversa costa {{formatted}} crèdits.',
    message_one: 'Cada missatge costa {{formatted}} crèdit.',
    message_other: 'Cada missatge costa {{formatted}} crèdits.',
    balance_one: 'Saldo actual: {{formatted}} crèdit.',
    balance_other: 'Saldo actual: {{formatted}} crèdits.',
    notEnough: 'El saldo no arriba: afegeix crèdits abans de continuar.',
    loading: 'Consultant el preu…',
    unavailable: "No s'ha pogut consultar el saldo.",
  },
  start: {
    title: 'Nova conversa',
    intro:
      "L'assistent saluda el pacient seguint aquest context; després escrius tu els missatges del pacient i l'assistent respon.",
    patient: 'Pacient',
    context: "Context per a l'assistent",
    contextHint:
      'Propòsit, to i límits; p. ex. «Seguiment després de la cirurgia de genoll. No donar consells mèdics».',
    language: 'Idioma de la conversa',
    languageHint: 'Per defecte, la llengua preferida del pacient.',
    submit: 'Inicia la conversa',
    patientRequired: 'Tria un pacient.',
  },
  picker: {
    placeholder: 'Cerca per nom, correu o telèfon',
    change: 'Canvia',
    noMatches: 'Cap pacient no coincideix.',
    noPhone: 'Sense telèfon',
  },
  errors: {
    notSent: "No s'ha enviat el missatge.",
    conversation_ended_inactivity:
      "La conversa va finalitzar per inactivitat (30 minuts sense missatges). Inicia'n una de nova per continuar.",
    conversation_ended:
      "La conversa ja està finalitzada. Inicia'n una de nova per continuar parlant amb el pacient.",
    conversation_busy:
      'Mentrestant han arribat altres missatges a aquesta conversa; torna a enviar el teu.',
  },
};
