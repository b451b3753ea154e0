import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { useFilterForms, usePatientTags } from './patients-queries';
import {
  DEFAULT_QUERY,
  type PatientsState,
  type ResponseFilter,
  type StatusFilter,
} from './patients-store';
import { useTagLabel } from './tag-labels';

/**
 * The patient list's filters: search, status, tag, age and whether the patient answered lately
 * (any form, or one: "no answer to PHQ-9 in 30 days"). Every filter is the service's, so the list,
 * its total and "select all" agree.
 */
export function PatientFilterBar(props: { store: StoreApi<PatientsState>; state: PatientsState }) {
  const { t } = useTranslation('patients');
  const tagLabel = useTagLabel();
  const format = useFormat();
  const tags = usePatientTags().data;
  const forms = useFilterForms().data?.data ?? [];
  const { store, state } = props;
  const { query } = state;
  const set = store.getState().setQuery;
  const narrowed =
    state.searchText !== '' ||
    (Object.keys(DEFAULT_QUERY) as (keyof typeof DEFAULT_QUERY)[]).some(
      (key) => key !== 'sort' && key !== 'direction' && query[key] !== DEFAULT_QUERY[key],
    );

  return (
    <div className="patients-toolbar" role="search">
      <TextField
        label={t('list.searchLabel')}
        type="search"
        placeholder={t('list.searchPlaceholder')}
        value={state.searchText}
        onChange={(e) => store.getState().typeSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') set({});
        }}
        autoComplete="off"
        maxLength={200}
      />
      <SelectField
        label={t('list.statusFilter')}
        value={query.status}
        onChange={(e) => set({ status: e.target.value as StatusFilter })}
      >
        <option value="all">{t('list.allStatuses')}</option>
        <option value="active">{t('status.active')}</option>
        <option value="inactive">{t('status.inactive')}</option>
      </SelectField>
      <SelectField
        label={t('list.tagFilter')}
        value={query.tag}
        onChange={(e) => set({ tag: e.target.value })}
      >
        <option value="">{t('list.allTags')}</option>
        {query.tag && !tags?.some((x) => x.tag === query.tag) && (
          <option value={query.tag}>{tagLabel(query.tag)}</option>
        )}
        {tags?.map((x) => (
          <option key={x.tag} value={x.tag}>
            {t('list.tagOption', { tag: tagLabel(x.tag), formatted: format.number(x.count) })}
          </option>
        ))}
      </SelectField>
      <fieldset className="patients-age">
        <legend>{t('filters.age')}</legend>
        <TextField
          label={t('filters.minAge')}
          type="number"
          min={0}
          max={150}
          inputMode="numeric"
          value={query.minAge}
          onChange={(e) => set({ minAge: e.target.value })}
        />
        <TextField
          label={t('filters.maxAge')}
          type="number"
          min={0}
          max={150}
          inputMode="numeric"
          value={query.maxAge}
          onChange={(e) => set({ maxAge: e.target.value })}
        />
      </fieldset>
      <SelectField
        label={t('filters.response')}
        value={query.response}
        onChange={(e) => set({ response: e.target.value as ResponseFilter })}
      >
        <option value="any">{t('filters.responseAny')}</option>
        <option value="responded">{t('filters.responded')}</option>
        <option value="silent">{t('filters.silent')}</option>
      </SelectField>
      {query.response !== 'any' && (
        <>
          <TextField
            label={t('filters.days')}
            type="number"
            min={1}
            max={3660}
            inputMode="numeric"
            className="patients-days"
            value={query.days}
            onChange={(e) => set({ days: e.target.value })}
          />
          <SelectField
            label={t('filters.form')}
            value={query.formId}
            onChange={(e) => set({ formId: e.target.value })}
          >
            <option value="">{t('filters.anyForm')}</option>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      {narrowed && (
        <Button size="sm" variant="ghost" onClick={() => store.getState().resetFilters()}>
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
