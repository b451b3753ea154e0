import { useTranslation } from 'react-i18next';
import type { PatientRef } from '../../../../src-preload/contract';
import { PatientSearchBox } from '../patients';

/**
 * One patient to filter the list and the outbox by. Inactive patients are found too, since their
 * past deliveries and messages stay listed.
 */
export function PatientFilter(props: {
  value: PatientRef | undefined;
  onChange: (patient: PatientRef | undefined) => void;
}) {
  const { t } = useTranslation('deliveries');
  return (
    <PatientSearchBox
      label={t('patientFilter.label')}
      value={props.value}
      onChange={props.onChange}
      text={{
        placeholder: t('patientFilter.placeholder'),
        searching: t('patientFilter.searching'),
        noMatches: () => t('patientFilter.noResults'),
        failed: () => t('patientFilter.failed'),
      }}
      clear={{ label: (name) => t('patientFilter.clear', { name }) }}
    />
  );
}
