import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Alertes',
  description:
    "Senyals d'alarma de xats, trucades, formularis i enviaments que una persona ha de mirar: primer les obertes, i a dalt les urgents.",
  counts: {
    urgent_one: '{{count}} urgent',
    urgent_other: '{{count}} urgents',
    review_one: '{{count}} per revisar',
    review_other: '{{count}} per revisar',
    none: 'cap oberta',
    unknown: "no s'ha pogut saber quantes n'hi ha d'obertes",
  },
  announce: {
    urgent: 'Nova alerta urgent',
    review: 'Nova alerta per revisar',
  },
  priority: {
    urgent: 'Urgent',
    review: 'Per revisar',
  },
  states: {
    open: 'Oberta',
    acknowledged: 'Vista',
    resolved: 'Resolta',
  },
  sources: {
    conversation: 'Xat',
    call: 'Trucada',
    form_response: 'Resposta a un formulari',
    form_schedule: "Enviament d'un formulari",
  },
  sourceLinks: {
    conversation: 'Obre el xat',
    call: 'Mostra la trucada',
    form_response: 'Mostra la resposta',
    form_schedule: 'Mostra els enviaments',
  },
  filters: {
    label: 'Filtra les alertes',
    patient: 'Pacient',
    allPatients: 'Tots els pacients',
    priority: 'Prioritat',
    allPriorities: 'Totes les prioritats',
    source: 'Origen',
    allSources: 'Tots els orígens',
    state: 'Estat',
    allStates: 'Tots els estats',
    clear: 'Treu els filtres',
  },
  list: {
    label: "Llista d'alertes",
    empty: 'No hi ha cap alerta',
    emptyBody:
      "Apareixeran aquí quan un pacient escrigui o digui alguna cosa preocupant en un xat o una trucada, quan una resposta compleixi una regla d'alerta o quan no es pugui lliurar un formulari important.",
    noMatches: 'Cap alerta no coincideix amb els filtres.',
    moreFailed: "No s'han pogut carregar més alertes.",
    raisedAt: 'Creada el {{date}}',
    alertOf: 'Alerta de {{name}}',
  },
  history: {
    acknowledged: 'Vista el {{date}} {{by}}.',
    resolved: 'Resolta el {{date}} {{by}}.',
    byDesk: "des d'Engage Desk",
    byApiKey: "amb la clau d'API «{{name}}»",
    note: 'Nota:',
  },
  actions: {
    acknowledge: 'Marca com a vista',
    resolve: 'Resol',
    acknowledgeLabel: "Marca com a vista l'alerta de {{name}}",
    resolveLabel: "Resol l'alerta de {{name}}",
  },
  dialog: {
    acknowledgeTitle: "Marca l'alerta com a vista",
    resolveTitle: "Resol l'alerta",
    note: 'Nota (opcional)',
    noteHint: "Què s'ha fet o decidit; queda registrat amb l'alerta.",
    done: {
      acknowledged: "L'alerta de {{name}} s'ha marcat com a vista.",
      resolved: "L'alerta de {{name}} s'ha resolt.",
    },
    errors: {
      alert_acknowledged: "Algú ja l'havia marcada com a vista.",
      alert_resolved: "Algú ja l'havia resolta.",
    },
  },
  reasons: {
    chat_emergency: 'Urgència vital en un xat: {{signs}}. Se li ha indicat que truqui al 112.',
    chat_urgent: "Urgent en un xat: {{signs}}. L'equip ha de trucar avui al pacient.",
    chat_for_team:
      "Un missatge del xat que l'assistent no ha sabut interpretar necessita que el llegeixi una persona.",
    call_emergency: 'Urgència vital en una trucada: {{signs}}. Se li ha indicat que truqui al 112.',
    call_urgent: "Urgent en una trucada: {{signs}}. L'equip ha de trucar avui al pacient.",
    call_for_team:
      'Una cosa que el pacient va dir en una trucada necessita que la llegeixi una persona.',
    call_failed:
      "No s'ha pogut parlar amb un pacient que té una alerta urgent: la trucada ha fallat ({{failure}}).",
    response_rule:
      "{{form}}: la resposta a «{{subject}}» és {{value}} (l'alerta salta amb {{rule}}).",
    response_score:
      "{{form}}: la puntuació total del {{instrument}} és {{value}} (l'alerta salta amb {{rule}}).",
    response_text: '{{form}}: una resposta escrita esmenta {{signs}}.',
    response_text_for_team: '{{form}}: una resposta escrita necessita que la llegeixi una persona.',
    delivery_failed: "No s'ha pogut lliurar «{{form}}» ({{failure}}).",
    aForm: 'Un formulari',
    unknownFailure: 'motiu desconegut',
  },
  rules: {
    between: 'un valor entre {{min}} i {{max}}',
    atLeast: '{{min}} o més',
    atMost: '{{max}} o menys',
    equals: '«{{value}}»',
    yes: 'Sí',
    no: 'No',
  },
  card: {
    title: 'Alertes obertes',
    link: 'Mostra les alertes',
    none: 'No hi ha cap alerta oberta.',
  },
  patient: {
    title: 'Alertes sense resoldre',
    seeAll: 'Mostra les seves alertes',
  },
};
