import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient, PatientRef } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { unwrap } from '../../bridge/bridge';
import { fullName } from '../patients/patient-format';

/** How long typing must pause before the search goes to the service. */
export const SEARCH_DEBOUNCE_MS = 250;
const RESULTS = 8;

type Search =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'ready'; patients: Patient[] }
  | { status: 'error' };

/**
 * One patient to filter by: a combobox (ARIA 1.2 pattern) that searches the service as the
 * coordinator types, then shows the chosen patient's name with a button that clears it. Inactive
 * patients are found too, since their past deliveries and messages stay listed.
 */
export function PatientFilter(props: {
  value: PatientRef | undefined;
  onChange: (patient: PatientRef | undefined) => void;
}) {
  const { t } = useTranslation('deliveries');
  const bridge = useBridge();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const request = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      request.current++;
      setSearch({ status: 'idle' });
      return;
    }
    const mine = ++request.current;
    const timer = setTimeout(() => {
      setSearch({ status: 'searching' });
      unwrap(bridge.patients.list({ search: query, limit: RESULTS })).then(
        (page) => {
          if (mine !== request.current) return;
          setSearch({ status: 'ready', patients: page.data });
          setActive(0);
        },
        () => {
          if (mine === request.current) setSearch({ status: 'error' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [bridge, text]);

  if (props.value) {
    const name = fullName(props.value);
    return (
      <div className="field">
        <span className="deliveries-label" id={`${inputId}-label`}>
          {t('patientFilter.label')}
        </span>
        <span className="deliveries-chip" aria-labelledby={`${inputId}-label`}>
          {name}
          <button
            type="button"
            className="deliveries-chip-remove"
            aria-label={t('patientFilter.clear', { name })}
            onClick={() => {
              props.onChange(undefined);
              setText('');
              // The combobox replaces the chip; keyboard users keep their place.
              setTimeout(() => input.current?.focus(), 0);
            }}
          >
            ×
          </button>
        </span>
      </div>
    );
  }

  const patients = search.status === 'ready' ? search.patients : [];
  const expanded = open && patients.length > 0;
  const choose = (patient: Patient) => {
    props.onChange({ id: patient.id, firstName: patient.firstName, lastName: patient.lastName });
    setOpen(false);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && patients.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % patients.length);
    } else if (event.key === 'ArrowUp' && patients.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i - 1 + patients.length) % patients.length);
    } else if (event.key === 'Enter' && expanded && patients[active]) {
      event.preventDefault();
      choose(patients[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="field deliveries-combobox">
      <label htmlFor={inputId}>{t('patientFilter.label')}</label>
      <input
        ref={input}
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        placeholder={t('patientFilter.placeholder')}
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className="deliveries-options" hidden={!expanded}>
        {patients.map((patient, index) => (
          <li
            key={patient.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'deliveries-option-active' : undefined}
            // Before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(patient);
            }}
          >
            {fullName(patient)}
            {patient.email && <span className="muted"> · {patient.email}</span>}
          </li>
        ))}
      </ul>
      {open && text.trim() !== '' && (
        <p className="field-hint" role="status">
          {search.status === 'searching'
            ? t('patientFilter.searching')
            : search.status === 'error'
              ? t('patientFilter.failed')
              : search.status === 'ready' && patients.length === 0
                ? t('patientFilter.noResults')
                : ''}
        </p>
      )}
    </div>
  );
}
