import type { Permission } from '../../../../src-preload/contract';

/**
 * How each permission reads in the UI. A `Record<Permission, …>` so a permission added to the
 * service's list is a compile error here until it has a label (the list itself is not imported:
 * the renderer takes only types from the service).
 */
export const PERMISSION_LABEL_KEYS = {
  'patients:read': 'patientsRead',
  'patients:write': 'patientsWrite',
  'forms:read': 'formsRead',
  'schedules:write': 'schedulesWrite',
  'conversations:write': 'conversationsWrite',
  'calls:write': 'callsWrite',
  'credits:read': 'creditsRead',
  'webhooks:write': 'webhooksWrite',
  'sandbox:write': 'sandboxWrite',
  'audit:read': 'auditRead',
} as const satisfies Record<Permission, string>;

/** The permissions in the order the service lists them. */
export const ALL_PERMISSIONS = Object.keys(PERMISSION_LABEL_KEYS) as Permission[];

/** The create dialog's groups: what an integrator thinks in (whom it reads, what it does). */
export const PERMISSION_GROUPS = [
  { key: 'patients', permissions: ['patients:read', 'patients:write'] },
  { key: 'forms', permissions: ['forms:read', 'schedules:write'] },
  { key: 'engagement', permissions: ['conversations:write', 'calls:write'] },
  { key: 'account', permissions: ['credits:read', 'webhooks:write'] },
  { key: 'sandbox', permissions: ['sandbox:write'] },
  { key: 'admin', permissions: ['audit:read'] },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[];

/** Keeps a selection in the service's order, so the request and the chips read the same way. */
export function inCanonicalOrder(selected: Iterable<Permission>): Permission[] {
  const set = new Set(selected);
  return ALL_PERMISSIONS.filter((p) => set.has(p));
}
