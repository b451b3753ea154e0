/**
 * The window's keyboard shortcuts, declared once: the window's handlers and its help panel read
 * this table, and the desktop menu shows the accelerators of the entries it lists (`menu`), so
 * the three never disagree. Each entry's keys are alternatives; a key is a chord (`Mod+K`: Ctrl,
 * or ⌘ on macOS) or a sequence typed one key after another (`g p`). What each one does is the
 * window's (app/shortcuts.tsx); its words are in the common messages (`shortcuts.<id>`).
 */
export const SHORTCUTS = [
  // Chords with a modifier and F1 work inside text fields too; single keys never do.
  { id: 'palette', keys: ['Mod+K'], inFields: true, menu: true },
  { id: 'help', keys: ['?', 'F1'], inFields: false, menu: true },
  { id: 'focusSearch', keys: ['/'], inFields: false },
  { id: 'newPatient', keys: ['n'], inFields: false, screen: '/patients' },
  { id: 'goDashboard', keys: ['g d'], inFields: false, href: '/' },
  { id: 'goAlerts', keys: ['g a'], inFields: false, href: '/alerts' },
  { id: 'goPatients', keys: ['g p'], inFields: false, href: '/patients' },
  { id: 'goForms', keys: ['g f'], inFields: false, href: '/forms' },
  { id: 'goDeliveries', keys: ['g e'], inFields: false, href: '/deliveries' },
  { id: 'goChats', keys: ['g c'], inFields: false, href: '/chats' },
  { id: 'goCalls', keys: ['g l'], inFields: false, href: '/calls' },
  { id: 'goSettings', keys: ['g s'], inFields: false, href: '/settings' },
] as const satisfies readonly ShortcutDeclaration[];

export interface ShortcutDeclaration {
  id: string;
  keys: readonly string[];
  /** Fires while the focus is in a text field (only chords with a modifier, and F1). */
  inFields: boolean;
  /** The desktop menu shows it (Help ▸ …) with its first key as the accelerator. */
  menu?: boolean;
  /** Only on this screen (its path). */
  screen?: string;
  /** Goes to this screen. */
  href?: string;
}

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];
