import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient, PatientRef } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure, unwrap, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { describeError } from '../../ui/states';
import { fullName } from '../patients/patient-format';

/** How long typing must pause before the search goes to the service. */
export const PICKER_DEBOUNCE_MS = 250;
const RESULTS = 8;

type Search =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; patients: Patient[] }
  | { status: 'error'; error: BridgeFailure };

/**
 * Chooses one patient by searching as you type (patients.list, the same search as the patients
 * screen): an ARIA combobox with a listbox of matches, keyboard first (arrows, Enter, Escape).
 * Once chosen, the patient shows as a chip with a button that clears the choice.
 */
export function PatientPicker(props: {
  value: PatientRef | undefined;
  onChange: (patient: PatientRef | undefined) => void;
}) {
  const { t } = useTranslation('responses');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const bridge = useBridge();
  const inputId = useId();
  const labelId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const sequence = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const query = text.trim();
    const seq = ++sequence.current;
    if (!query) {
      setSearch({ status: 'idle' });
      return;
    }
    setSearch({ status: 'loading' });
    const timer = setTimeout(() => {
      unwrap(bridge.patients.list({ search: query, limit: RESULTS }))
        .then((page) => {
          if (seq !== sequence.current) return;
          setSearch({ status: 'ready', patients: page.data });
          setActive(0);
        })
        .catch((error: unknown) => {
          if (seq === sequence.current) setSearch({ status: 'error', error: asFailure(error) });
        });
    }, PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, bridge]);

  function choose(patient: Patient) {
    props.onChange({ id: patient.id, firstName: patient.firstName, lastName: patient.lastName });
    setText('');
    setOpen(false);
  }

  const options = search.status === 'ready' ? search.patients : [];
  const expanded = open && search.status !== 'idle';

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length) {
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + delta + options.length) % options.length);
      }
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;

  if (props.value) {
    const name = fullName(props.value);
    return (
      <div className="field responses-picker" role="group" aria-labelledby={labelId}>
        <span className="responses-picker-label" id={labelId}>
          {t('filters.patient')}
        </span>
        <span className="responses-chip">
          <span>{name}</span>
          <button
            type="button"
            className="responses-chip-clear"
            aria-label={t('filters.clearPatient', { name })}
            onClick={() => {
              props.onChange(undefined);
              // The search box comes back; the user most likely wants another patient.
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </span>
      </div>
    );
  }

  return (
    <div className="field responses-picker">
      <label htmlFor={inputId} id={labelId}>
        {t('filters.patient')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        placeholder={t('filters.patientPlaceholder')}
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div className="responses-picker-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label={t('filters.patientResults')}>
          {options.map((patient, i) => (
            <li
              key={patient.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'responses-option-active' : undefined}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(patient);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="responses-option-name">{fullName(patient)}</span>
              <span className="responses-option-detail muted">
                {patient.dateOfBirth
                  ? format.plainDate(patient.dateOfBirth)
                  : (patient.phone ?? patient.email ?? '')}
              </span>
            </li>
          ))}
        </ul>
        {search.status === 'loading' && (
          <p className="responses-picker-status muted" role="status">
            {t('filters.searching')}
          </p>
        )}
        {search.status === 'ready' && options.length === 0 && (
          <p className="responses-picker-status muted" role="status">
            {t('filters.noPatients', { search: text.trim() })}
          </p>
        )}
        {search.status === 'error' && (
          <p className="responses-picker-status field-error" role="alert">
            {t('filters.searchFailed', { message: describeError(tc, search.error) })}
          </p>
        )}
      </div>
    </div>
  );
}
