import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, type ShortcutId } from '../../../../src-preload/contract';
import { SCREENS } from '../../app/screens';
import { keyCaps } from '../../app/shortcuts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** A shortcut's words: "Go to Patients" from the screen's own name, or its own sentence. */
export function useShortcutLabel(): (id: ShortcutId) => string {
  const { t } = useTranslation('commandPalette');
  const { t: tc } = useTranslation();
  return (id) => {
    const shortcut = SHORTCUTS.find((s) => s.id === id);
    const screen = shortcut && 'href' in shortcut && SCREENS.find((s) => s.href === shortcut.href);
    if (screen) return t('help.goTo', { screen: tc(`nav.${screen.key}`) });
    return t(`shortcuts.${id as 'palette'}`);
  };
}

/** The keys of one alternative: chords as keycaps, sequences with "then" between them. */
function Keys(props: { keys: string }) {
  const { t } = useTranslation('commandPalette');
  return (
    <>
      {props.keys.split(' ').map((step, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="shortcut-word">{t('help.then')}</span>}
          {keyCaps(step).map((cap, j) => (
            <kbd key={j}>{cap}</kbd>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** The help panel (? or F1): every shortcut of the one table, as the handlers read it. */
export function ShortcutsHelp(props: {
  open: boolean;
  onClose: () => void;
  /** Whether a shortcut applies in this window (a hidden screen's is left out). */
  applies: (id: ShortcutId) => boolean;
}) {
  const { t } = useTranslation('commandPalette');
  const { t: tc } = useTranslation();
  const label = useShortcutLabel();
  return (
    <Dialog
      open={props.open}
      title={t('help.title')}
      onClose={props.onClose}
      footer={<Button onClick={props.onClose}>{tc('actions.close')}</Button>}
    >
      <table className="shortcut-table">
        <tbody>
          {SHORTCUTS.filter((s) => props.applies(s.id)).map((shortcut) => (
            <tr key={shortcut.id}>
              <th scope="row">{label(shortcut.id)}</th>
              <td className="shortcut-keys">
                {shortcut.keys.map((keys, i) => (
                  <Fragment key={keys}>
                    {i > 0 && <span className="shortcut-word">{t('help.or')}</span>}
                    <Keys keys={keys} />
                  </Fragment>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('help.note')}</p>
    </Dialog>
  );
}
