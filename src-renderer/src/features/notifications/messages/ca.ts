import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Avisos',
  description:
    "El que Engage Desk necessita que sàpigues: webhooks desactivats, crèdits que s'acaben i converses escalades.",
  bell: {
    label: 'Avisos: {{count}} sense llegir',
    labelNone: 'Avisos: cap sense llegir',
    labelUnknown: "Avisos: no s'ha pogut saber quants n'hi ha sense llegir",
    text: 'Avisos',
  },
  panel: {
    title: 'Avisos recents',
    seeAll: 'Mostra tots els avisos',
    close: 'Tanca',
  },
  markRead: 'Marca com a llegit',
  markReadLabel: 'Marca com a llegit: {{title}}',
  markAllRead: 'Marca-ho tot com a llegit',
  allMarked_one: "S'ha marcat {{count}} avís com a llegit.",
  allMarked_other: "S'han marcat {{count}} avisos com a llegits.",
  unreadBadge: 'Sense llegir',
  onlyUnread: 'Mostra només els no llegits',
  loadMore: "Carrega'n més",
  empty: {
    all: 'No hi ha cap avís',
    allBody:
      'Apareixerà aquí quan es desactivi un webhook, quedin pocs crèdits o un pacient escrigui alguna cosa urgent en un xat.',
    unread: 'No hi ha avisos sense llegir',
  },
  kinds: {
    webhookDisabled: {
      title: 'Webhook desactivat',
      body: '{{url}} ha deixat de rebre esdeveniments: han fallat {{failed}} de {{attempts}} intents de lliurament de les darreres 24 hores.',
      link: 'Mostra el webhook',
    },
    creditsLow: {
      title: 'Queden pocs crèdits',
      body: "Queden {{balance}} crèdits dels {{allowance}} del pla mensual (l'avís salta per sota de {{threshold}}). El saldo es renova el {{date}}.",
      link: 'Mostra els crèdits',
    },
    conversationEscalated: {
      title: 'Conversa escalada',
      body: "{{name}} ha escrit al xat alguna cosa que requereix atenció urgent ({{flags}}). L'assistent li ha indicat que truqui al 112.",
      link: 'Obre el xat',
    },

    conversationUnanswered: {
      title: 'Missatge de xat sense resposta',
      body: '{{name}} ha escrit des del seu enllaç de xat i no hi ha crèdits per respondre: «{{content}}». Truqui-li.',
      signs: "Senyals d'alarma: {{flags}}.",
      link: 'Obre el xat',
    },
    backupFailed: {
      title: 'La còpia de seguretat ha fallat',
      body: "No s'ha pogut fer la còpia a {{folder}}: {{message}}",
      link: 'Veure les còpies',
    },
    backupOverdue: {
      title: 'Còpia de seguretat endarrerida',
      body: 'No hi ha cap còpia correcta des de fa més de {{hours}} hores (la darrera, {{date}}).',
      never: "No s'ha fet cap còpia correcta en més de {{hours}} hores.",
      link: 'Veure les còpies',
    },
  },
  redFlags: {
    chest_pain: 'dolor al pit',
    breathing_difficulty: 'dificultat per respirar',
    suicidal_thoughts: 'idees de suïcidi',
    heavy_bleeding: 'sagnat abundant',
    stroke: "signes d'ictus",
    unconsciousness: 'pèrdua de coneixement',
    anaphylaxis: 'reacció al·lèrgica greu',
    seizure: 'convulsió',
    post_op_fever: "febre després de l'operació",
    wound_infection: "signes d'infecció de la ferida",
    severe_pain: 'dolor intens',
    fall_injury: 'caiguda amb lesió',
    urinary_retention: 'no pot orinar',
  },
  unknownFlag: "senyal d'alarma",
};
