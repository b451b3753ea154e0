import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'API keys',
  description:
    'Integrations (medical records, CRM, scripts) use these keys to work with the clinic over the local API.',
  newKey: 'New key',
  empty: {
    title: 'No API keys yet',
    action: 'Create the first key',
    body: "Create a key so another application —your medical records system, a CRM or a script— can read patients, schedule forms or receive webhooks over Engage Desk's local API. Each key has only the permissions you choose and you can revoke it at any time.",
  },
  activeTitle: 'Active keys',
  noActive: 'There are no active keys.',
  revokedTitle: 'Revoked keys',
  columns: {
    name: 'Name',
    key: 'Key',
    permissions: 'Permissions',
    created: 'Created',
    lastUsed: 'Last used',
    status: 'Status',
    actions: 'Actions',
  },
  never: 'Never',
  status: {
    active: 'Active',
    revoked: 'Revoked on {{date}}',
  },
  permissions: {
    patientsRead: 'Read patients',
    patientsWrite: 'Create and edit patients',
    formsRead: 'Read forms and responses',
    schedulesWrite: 'Schedule form deliveries',
    conversationsWrite: 'Manage conversations',
    callsWrite: 'Start calls',
    creditsRead: 'View credits',
    webhooksWrite: 'Manage webhooks',
    sandboxWrite: 'Sandbox tools (clock, outbox, reset)',
    auditRead: 'Read the audit trail (who saw which patient)',
  },
  groups: {
    patients: 'Patients',
    forms: 'Forms and deliveries',
    engagement: 'Conversations and calls',
    account: 'Credits and webhooks',
    sandbox: 'Sandbox',
    admin: 'Administration',
  },
  create: {
    title: 'New API key',
    name: 'Name',
    nameHint: 'To recognise it later, e.g. “Medical records” or “CRM”.',
    nameLength: 'The name must be 1 to 100 characters long.',
    permissions: 'Permissions',
    permissionsHint: 'Grant only the permissions the integration needs.',
    all: 'All permissions',
    atLeastOne: 'Choose at least one permission.',
    submit: 'Create key',
  },
  created: {
    title: 'Key created',
    warning: 'Save this key now: it will not be shown again.',
    explanation:
      'Engage Desk keeps only a fingerprint of the key. If you lose it, revoke it and create another.',
    key: 'API key',
    copyKey: 'Copy the key',
    tryIt: 'Try it',
    tryItHint: 'This example lists the first five patients with the new key:',
    copyCurl: 'Copy the example',
    done: "I've saved it",
  },
  revoke: {
    action: 'Revoke',
    actionLabel: 'Revoke the key “{{name}}”',
    title: 'Revoke the key “{{name}}”?',
    body: 'Integrations that use this key will stop working immediately. This cannot be undone.',
    confirm: 'Revoke the key',
    done: 'The key “{{name}}” has been revoked.',
  },
};
