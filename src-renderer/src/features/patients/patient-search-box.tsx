import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient, PatientRef } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { fullName } from './patient-format';
import { usePatientSearch } from './patient-search';
import './patient-search-box.css';

/** How many matches the list offers; typing more narrows it. */
const MATCHES = 8;

/** The words around the box; each screen keeps its own. */
export interface PatientSearchBoxText {
  placeholder: string;
  searching: string;
  noMatches: (search: string) => string;
  failed: (error: BridgeFailure) => string;
  /** The list of matches' accessible name; the field's label when not given. */
  results?: string;
}

/**
 * Chooses one patient by searching the service as you type: an ARIA 1.2 combobox with a listbox
 * of matches, keyboard first (arrows move, Enter chooses, Escape closes). Once chosen, the name
 * shows with a button that drops the choice and brings the search back, focused.
 */
export function PatientSearchBox(props: {
  label: string;
  text: PatientSearchBoxText;
  value: PatientRef | undefined;
  onChange: (patient: Patient | undefined) => void;
  /** The button that drops the choice: visible text, or a × named after the chosen patient. */
  clear: { text: string } | { label: (name: string) => string };
  /** Offer the first patients before anything is typed. */
  browse?: boolean;
  /** Only patients who can be contacted. */
  activeOnly?: boolean;
  /** Why a listed patient cannot be chosen here (shown on the option), or undefined. */
  unavailable?: (patient: Patient) => string | undefined;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('patients');
  const format = useFormat();
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = usePatientSearch(text, {
    limit: MATCHES,
    browse: props.browse,
    activeOnly: props.activeOnly,
    // Browsing asks only while the list is open; a typed search is wanted as soon as it is typed.
    enabled: !props.browse || open,
  });
  const options = search.patients;
  // The highlighted option belongs to one answer: a new answer starts again from its first match.
  const [highlight, setHighlight] = useState({ of: options, index: 0 });
  const active = highlight.of === options ? highlight.index : 0;
  const expanded = open && search.status !== 'idle';
  const { unavailable } = props;
  // Focus stays in the box (aria-activedescendant), so the list is scrolled for the keyboard: the
  // highlighted patient is always in view.
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const option = listRef.current?.children[active];
    // jsdom lays nothing out and has no scrollIntoView.
    if (option && typeof option.scrollIntoView === 'function')
      option.scrollIntoView({ block: 'nearest' });
  }, [active, expanded]);

  function choose(patient: Patient) {
    if (unavailable?.(patient)) return;
    props.onChange(patient);
    setOpen(false);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
      } else if (options.length) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight({ of: options, index: (active + step + options.length) % options.length });
      }
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted patient rather than submitting the surrounding form.
      if (expanded && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape' && open) {
      // Closing the list uses up the Escape: a surrounding dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const className = `field patient-search${props.error ? ' field-invalid' : ''}`;
  const errorText = props.error && (
    <p className="field-error" id={errorId} role="alert">
      {props.error}
    </p>
  );

  if (props.value) {
    const name = fullName(props.value);
    const drop = () => {
      props.onChange(undefined);
      setOpen(true);
      // The search box replaces the name: keyboard users keep their place in it.
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    return (
      <div className={className}>
        <span className="patient-search-label" id={labelId}>
          {props.label}
        </span>
        <div className="patient-search-chosen" role="group" aria-labelledby={labelId}>
          <strong data-testid="picked-patient">{name}</strong>
          {'text' in props.clear ? (
            <Button size="sm" onClick={drop}>
              {props.clear.text}
            </Button>
          ) : (
            <button
              type="button"
              className="patient-search-clear"
              aria-label={props.clear.label(name)}
              onClick={drop}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {errorText}
      </div>
    );
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className={className}>
      <label htmlFor={id} id={labelId}>
        {props.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        autoComplete="off"
        placeholder={props.text.placeholder}
        value={text}
        autoFocus={props.autoFocus}
        maxLength={200}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className="patient-search-popup" hidden={!expanded}>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={props.text.results ?? props.label}
          hidden={options.length === 0}
        >
          {options.map((patient, index) => {
            const reason = unavailable?.(patient);
            const details = [
              reason,
              patient.dateOfBirth && format.plainDate(patient.dateOfBirth),
              patient.phone,
              patient.email,
            ].filter(Boolean);
            return (
              <li
                key={patient.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                aria-disabled={reason ? true : undefined}
                className={`patient-search-option${index === active ? ' is-active' : ''}`}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(patient);
                }}
                onMouseEnter={() => setHighlight({ of: options, index })}
              >
                <span className="patient-search-name">
                  {fullName(patient)}
                  {patient.status === 'inactive' && (
                    <span className="badge">{t('status.inactive')}</span>
                  )}
                </span>
                <span className="patient-search-details muted">{details.join(' · ')}</span>
              </li>
            );
          })}
        </ul>
        {search.error ? (
          <p className="patient-search-note field-error" role="alert">
            {props.text.failed(search.error)}
          </p>
        ) : options.length > 0 ? null : search.status === 'loading' ? (
          <p className="patient-search-note muted" role="status">
            {props.text.searching}
          </p>
        ) : search.status === 'ready' ? (
          <p className="patient-search-note muted" role="status">
            {props.text.noMatches(text.trim())}
          </p>
        ) : null}
      </div>
      {errorText}
    </div>
  );
}
