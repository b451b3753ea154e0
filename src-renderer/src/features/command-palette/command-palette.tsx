import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../app/app-context';
import { useRequestCommand, type ScreenCommand } from '../../app/commands';
import { useDeveloperMode } from '../../app/developer-mode';
import { visibleScreens } from '../../app/screens';
import { operationQuery } from '../../data/bridge-query';
import { Dialog } from '../../ui/dialog';
import { icons } from '../../ui/icons';
import { fullName, recordDetails, usePatientSearch } from '../patients';
import { matchesText } from './palette-text';
import './command-palette.css';

/** Patients offered at once; typing more narrows them. */
const PATIENTS = 6;
/** Forms asked for: the service's page size (a clinic has tens of forms). */
const FORMS = 100;
const FORMS_SHOWN = 6;

interface PaletteItem {
  id: string;
  label: string;
  detail?: string;
  icon?: ReactNode;
  /** A patient's or a form's own words, not the window's. */
  ownWords?: boolean;
  run: () => void;
}

interface PaletteGroup {
  key: 'actions' | 'screens' | 'patients' | 'forms';
  items: PaletteItem[];
  /** Said instead of items (searching, failed). */
  status?: string;
}

/**
 * Ctrl+K (⌘K): one search over the screens, a few actions, the patients (the service's own
 * search, as the patient pickers use) and the forms (by name). An ARIA 1.2 combobox with a
 * grouped listbox: arrows move (wrapping), Home/End, Enter opens, Escape closes; the native modal
 * dialog keeps the focus inside and gives it back where it was.
 */
export function CommandPalette(props: {
  open: boolean;
  onClose: () => void;
  navigate: (href: string) => void;
  onShowShortcuts: () => void;
}) {
  const { t } = useTranslation('commandPalette');
  return (
    <Dialog open={props.open} title={t('palette.title')} onClose={props.onClose} wide>
      {props.open && <PaletteBody {...props} />}
    </Dialog>
  );
}

function PaletteBody(props: {
  onClose: () => void;
  navigate: (href: string) => void;
  onShowShortcuts: () => void;
}) {
  const { t } = useTranslation('commandPalette');
  const { t: tc } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const developerMode = useDeveloperMode();
  const requestCommand = useRequestCommand();
  const search = text.trim();
  const patients = usePatientSearch(search, { limit: PATIENTS });
  const forms = useQuery({
    ...operationQuery(useBridge(), ['forms'], 'forms', 'list', { limit: FORMS }),
    enabled: search !== '',
  });

  useEffect(() => inputRef.current?.focus(), []);

  const go = (href: string, command?: ScreenCommand) => () => {
    props.onClose();
    props.navigate(href);
    if (command) requestCommand(command);
  };

  const actions: PaletteItem[] = [
    {
      id: 'newPatient',
      label: t('palette.actions.newPatient'),
      icon: icons.patients,
      run: go('/patients', 'newPatient'),
    },
    {
      id: 'scheduleForm',
      label: t('palette.actions.scheduleForm'),
      icon: icons.deliveries,
      run: go('/deliveries', 'scheduleForm'),
    },
    {
      id: 'shortcuts',
      label: t('palette.actions.shortcuts'),
      run: () => {
        props.onClose();
        props.onShowShortcuts();
      },
    },
  ];
  const screens: PaletteItem[] = visibleScreens(developerMode).map((screen) => ({
    id: `screen-${screen.key}`,
    label: tc(`nav.${screen.key}`),
    icon: icons[screen.key],
    run: go(screen.href),
  }));

  const groups: PaletteGroup[] = [
    { key: 'actions', items: actions.filter((item) => matchesText(item.label, search)) },
    { key: 'screens', items: screens.filter((item) => matchesText(item.label, search)) },
  ];
  if (search) {
    groups.push({
      key: 'patients',
      items: patients.patients.map((patient) => {
        const mrn = recordDetails(patient).mrn;
        return {
          id: `patient-${patient.id}`,
          label: fullName(patient),
          ownWords: true,
          ...(mrn || patient.email || patient.phone
            ? { detail: mrn ?? patient.email ?? patient.phone }
            : {}),
          run: go(`/patients/${encodeURIComponent(patient.id)}`),
        };
      }),
      ...(patients.status === 'error'
        ? { status: t('palette.patientsFailed') }
        : patients.status === 'loading' && patients.patients.length === 0
          ? { status: t('palette.searching') }
          : {}),
    });
    groups.push({
      key: 'forms',
      items: (forms.data?.data ?? [])
        .filter((form) => matchesText(form.name, search))
        .slice(0, FORMS_SHOWN)
        .map((form) => ({
          id: `form-${form.id}`,
          label: form.name,
          ownWords: true,
          ...(form.status === 'archived' ? { detail: t('palette.archived') } : {}),
          run: go(`/forms/${encodeURIComponent(form.id)}`),
        })),
    });
  }
  const shown = groups.filter((group) => group.items.length > 0 || group.status);
  const items = shown.flatMap((group) => group.items);
  const current = items.length === 0 ? -1 : Math.min(active, items.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (current < 0) return;
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + count) % count);
    } else if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey) {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : Math.max(count - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      items[current]?.run();
    }
  }

  let index = -1;
  const loading = patients.status === 'loading' || forms.isFetching;
  return (
    <div className="palette">
      <input
        ref={inputRef}
        className="palette-input"
        type="text"
        role="combobox"
        aria-label={t('palette.label')}
        aria-expanded={true}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder={t('palette.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={t('palette.results')} className="palette-list">
        {shown.map((group) => (
          <div
            key={group.key}
            role="group"
            aria-labelledby={`${id}-${group.key}`}
            className="palette-group"
          >
            <div id={`${id}-${group.key}`} role="presentation" className="palette-heading">
              {t(`palette.groups.${group.key}`)}
            </div>
            {group.items.map((item) => {
              index += 1;
              const mine = index;
              return (
                <div
                  key={item.id}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={mine === current}
                  className="palette-option"
                  onMouseMove={() => mine !== current && setActive(mine)}
                  onClick={item.run}
                >
                  {item.icon && (
                    <span className="palette-icon" aria-hidden="true">
                      {item.icon}
                    </span>
                  )}
                  <span className="palette-label" translate={item.ownWords ? 'no' : undefined}>
                    {item.label}
                  </span>
                  {item.detail && <span className="palette-detail">{item.detail}</span>}
                </div>
              );
            })}
            {group.status && <div className="palette-status muted">{group.status}</div>}
          </div>
        ))}
      </div>
      <p className="palette-footer muted">
        <span role="status">
          {items.length === 0 && search && !loading
            ? t('palette.noResults', { search })
            : search && !loading
              ? t('palette.count', { count: items.length })
              : ''}
        </span>
        <span aria-hidden="true">{t('palette.hint')}</span>
      </p>
    </div>
  );
}
