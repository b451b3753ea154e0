import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SHORTCUTS, type ShortcutId } from '../../../../src-preload/contract';
import { useRequestCommand } from '../../app/commands';
import { useDeveloperMode } from '../../app/developer-mode';
import { visibleScreens } from '../../app/screens';
import { IS_MAC, keyCaps, useShortcuts } from '../../app/shortcuts';
import { Button } from '../../ui/button';
import { icons } from '../../ui/icons';
import { CommandPalette } from './command-palette';
import { ShortcutsHelp } from './shortcuts-help';

/** The screen's own search box, where it has one (`/`). */
function focusScreenSearch() {
  const box = document.querySelector<HTMLInputElement>(
    '#main input[type="search"], #main [role="searchbox"]',
  );
  box?.focus();
}

/**
 * The window's keyboard: the shortcut table's handlers, the command palette and the help panel,
 * with a button in the sidebar that opens the palette for those who do not know Ctrl+K.
 */
export function KeyboardLayer() {
  const { t } = useTranslation('commandPalette');
  const [path, navigate] = useLocation();
  const developerMode = useDeveloperMode();
  const requestCommand = useRequestCommand();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const screens = visibleScreens(developerMode);

  const applies = (id: ShortcutId) => {
    const shortcut = SHORTCUTS.find((s) => s.id === id);
    if (!shortcut) return false;
    if ('href' in shortcut && !screens.some((s) => s.href === shortcut.href)) return false;
    if ('screen' in shortcut && shortcut.screen !== path) return false;
    return true;
  };

  useShortcuts((id) => {
    const shortcut = SHORTCUTS.find((s) => s.id === id);
    if (id === 'palette') {
      setHelp(false);
      setPalette((open) => !open);
    } else if (id === 'help') setHelp(true);
    else if (id === 'focusSearch') focusScreenSearch();
    else if (id === 'newPatient') requestCommand('newPatient');
    else if (shortcut && 'href' in shortcut) navigate(shortcut.href);
  }, applies);

  const paletteKeys = SHORTCUTS[0].keys[0];
  return (
    <>
      <Button
        variant="ghost"
        className="palette-open"
        aria-keyshortcuts={paletteKeys.replace('Mod', IS_MAC ? 'Meta' : 'Control')}
        onClick={() => setPalette(true)}
      >
        <span aria-hidden="true">{icons.search}</span>
        {t('palette.open')}
        <kbd aria-hidden="true">{keyCaps(paletteKeys).join(' ')}</kbd>
      </Button>
      <CommandPalette
        open={palette}
        onClose={() => setPalette(false)}
        navigate={navigate}
        onShowShortcuts={() => setHelp(true)}
      />
      <ShortcutsHelp
        open={help}
        onClose={() => setHelp(false)}
        applies={(id) => applies(id) || id === 'newPatient'}
      />
    </>
  );
}
