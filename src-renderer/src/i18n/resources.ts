import { commonMessages } from './common-messages';
import { creditsMessages } from '../features/credits/messages';
import { dashboardMessages } from '../features/dashboard/messages';
import { keysMessages } from '../features/keys/messages';
import { patientsMessages } from '../features/patients/messages';
import { settingsMessages } from '../features/settings/messages';
import { formsMessages } from '../features/forms/messages';
import { responsesMessages } from '../features/responses/messages';
import { deliveriesMessages } from '../features/deliveries/messages';
import { chatsMessages } from '../features/chats/messages';
import { callsMessages } from '../features/calls/messages';
import { webhooksMessages } from '../features/webhooks/messages';
import { developerMessages } from '../features/developer/messages';
import { notificationsMessages } from '../features/notifications/messages';
import { alertsMessages } from '../features/alerts/messages';
import { auditMessages } from '../features/audit/messages';
import { commandPaletteMessages } from '../features/command-palette/messages';
import { transfersMessages } from '../features/transfers/messages';
import type { AppLanguage } from './messages';

/** One i18next namespace per feature, so each screen's strings live beside it. */
const catalogues = {
  common: commonMessages,
  dashboard: dashboardMessages,
  patients: patientsMessages,
  credits: creditsMessages,
  keys: keysMessages,
  settings: settingsMessages,
  forms: formsMessages,
  responses: responsesMessages,
  deliveries: deliveriesMessages,
  chats: chatsMessages,
  calls: callsMessages,
  webhooks: webhooksMessages,
  developer: developerMessages,
  notifications: notificationsMessages,
  alerts: alertsMessages,
  audit: auditMessages,
  commandPalette: commandPaletteMessages,
  transfers: transfersMessages,
};

export type Namespace = keyof typeof catalogues;
export const NAMESPACES = Object.keys(catalogues) as Namespace[];

export function resourcesFor(language: AppLanguage) {
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogues[ns][language]])) as {
    [N in Namespace]: (typeof catalogues)[N]['es'];
  };
}

/** The Spanish resources type the `t` keys (see i18n.d.ts). */
export type Resources = ReturnType<typeof resourcesFor>;
