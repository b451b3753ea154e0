import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient, PatientRef } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure, unwrap, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { describeError } from '../../ui/states';
import './patient-picker.css';

/** How many matches the list offers; typing more narrows it. */
const MATCHES = 8;
/** How long typing must pause before the search goes to the service. */
export const PICKER_DEBOUNCE_MS = 200;

export function patientName(p: Pick<PatientRef, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/**
 * Picks one patient by searching the service (name, e-mail or phone), as an ARIA combobox: type,
 * move with the arrow keys, Enter to choose, Escape to close. Once chosen it shows the name with a
 * button to change it. `activeOnly` offers only patients who can be contacted; `requirePhone`
 * shows those without a phone but does not let them be chosen.
 */
export function PatientPicker(props: {
  label: string;
  value: PatientRef | undefined;
  onChange: (patient: Patient | undefined) => void;
  activeOnly?: boolean;
  requirePhone?: boolean;
  error?: string | undefined;
  autoFocus?: boolean;
  /** The button that clears the choice ("Cambiar", "Todos los pacientes"). */
  clearLabel?: string;
}) {
  const { t } = useTranslation('chats');
  const { t: tc } = useTranslation();
  const bridge = useBridge();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [matches, setMatches] = useState<Patient[]>([]);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const [active, setActive] = useState(0);
  const sequence = useRef(0);
  const { activeOnly, requirePhone } = props;

  useEffect(() => {
    if (!open) return;
    const seq = ++sequence.current;
    setSearching(true);
    const timer = setTimeout(() => {
      const search = text.trim();
      void unwrap(
        bridge.patients.list({
          limit: MATCHES,
          ...(search ? { search } : {}),
          ...(activeOnly ? { status: 'active' as const } : {}),
        }),
      ).then(
        (page) => {
          if (seq !== sequence.current) return;
          setMatches(page.data);
          setFailure(undefined);
          setSearching(false);
          setActive(0);
        },
        (error: unknown) => {
          if (seq !== sequence.current) return;
          setFailure(asFailure(error));
          setSearching(false);
        },
      );
    }, PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, text, bridge, activeOnly]);

  const choosable = (p: Patient) => !requirePhone || Boolean(p.phone);

  function choose(patient: Patient) {
    if (!choosable(patient)) return;
    props.onChange(patient);
    setOpen(false);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(matches.length - 1, i + step)));
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted patient rather than submitting the surrounding form.
      if (open && matches[active]) {
        event.preventDefault();
        choose(matches[active]);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const errorId = `${id}-error`;
  if (props.value) {
    return (
      <div className={`field patient-picker${props.error ? ' field-invalid' : ''}`}>
        <span className="field-label" id={`${id}-label`}>
          {props.label}
        </span>
        <div className="patient-picker-chosen" role="group" aria-labelledby={`${id}-label`}>
          <strong data-testid="picked-patient">{patientName(props.value)}</strong>
          <Button
            size="sm"
            onClick={() => {
              props.onChange(undefined);
              setOpen(true);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            {props.clearLabel ?? t('picker.change')}
          </Button>
        </div>
        {props.error && (
          <p className="field-error" id={errorId} role="alert">
            {props.error}
          </p>
        )}
      </div>
    );
  }

  const activeId = open && matches[active] ? `${id}-option-${active}` : undefined;
  return (
    <div className={`field patient-picker${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        autoComplete="off"
        placeholder={t('picker.placeholder')}
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
      {open && (
        <div className="patient-picker-popup">
          {failure ? (
            <p className="patient-picker-note" role="alert">
              {describeError(tc, failure)}
            </p>
          ) : searching && matches.length === 0 ? (
            <p className="patient-picker-note muted" role="status">
              {tc('states.loading')}
            </p>
          ) : matches.length === 0 ? (
            <p className="patient-picker-note muted" role="status">
              {t('picker.noMatches')}
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label={props.label} hidden={matches.length === 0}>
            {matches.map((patient, index) => {
              const disabled = !choosable(patient);
              return (
                <li
                  key={patient.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={disabled || undefined}
                  className={`patient-picker-option${index === active ? ' is-active' : ''}`}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(patient);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className="patient-picker-name">{patientName(patient)}</span>
                  <span className="patient-picker-contact muted">
                    {disabled
                      ? t('picker.noPhone')
                      : [patient.phone, patient.email].filter(Boolean).join(' · ')}
                    {patient.status === 'inactive' && ` · ${t('picker.inactive')}`}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {props.error && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
