import { useTranslation } from 'react-i18next';
import type { Patient, PatientRef } from '../../../../src-preload/contract';
import { describeError } from '../../ui/states';
import { PatientSearchBox } from '../patients';

/**
 * The patient field of Chats and Calls (filters and start dialogs): the patient search box with
 * the list offered on focus. `activeOnly` offers only patients who can be contacted;
 * `requirePhone` shows those without a phone but does not let them be chosen.
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
  const noPhone = t('picker.noPhone');
  return (
    <PatientSearchBox
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      text={{
        placeholder: t('picker.placeholder'),
        searching: tc('states.loading'),
        noMatches: () => t('picker.noMatches'),
        failed: (error) => describeError(tc, error),
      }}
      clear={{ text: props.clearLabel ?? t('picker.change') }}
      browse
      activeOnly={props.activeOnly}
      unavailable={props.requirePhone ? (p) => (p.phone ? undefined : noPhone) : undefined}
      error={props.error}
      autoFocus={props.autoFocus}
    />
  );
}
