import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, Patient } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { callOperation } from '../../data/bridge-query';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { fullName } from '../patients';
import { usePatientSearch } from '../patients';
import { usePatientTags, useTagLabel } from '../patients';

const RESULTS = 20;
/**
 * Chips shown for the recipients: a selection made in the patient list can hold thousands, which
 * are counted rather than drawn.
 */
const CHIPS_SHOWN = 60;
/** The service's largest page. */
const PAGE = 100;
/** A tag with more active patients than this is not a selection anyone reviews by eye. */
const MAX_TAG_PAGES = 50;

/** Whether the patient has what `channel` needs: a phone for WhatsApp, an e-mail address else. */
export function reachable(patient: Patient, channel: Channel): boolean {
  return Boolean(channel === 'whatsapp' ? patient.phone : patient.email);
}

/**
 * Chooses the patients a form goes to: search and tick, or add every active patient with a tag.
 * Only active patients are offered (the service refuses to send forms to inactive ones). Each
 * result says when the patient lacks the address the chosen channel needs.
 */
export function PatientPicker(props: {
  selected: readonly Patient[];
  onChange: (next: Patient[]) => void;
  channel: Channel;
}) {
  const { t } = useTranslation('deliveries');
  const tagLabel = useTagLabel();
  const format = useFormat();
  const bridge = useBridge();
  const resultsId = useId();
  const [text, setText] = useState('');
  const results = usePatientSearch(text, { limit: RESULTS, browse: true, activeOnly: true });
  const tags = usePatientTags().data ?? [];
  const [tag, setTag] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  const { selected, onChange } = props;
  const chosen = new Set(selected.map((p) => p.id));

  const toggle = (patient: Patient, on: boolean) => {
    onChange(on ? [...selected, patient] : selected.filter((p) => p.id !== patient.id));
  };

  async function addTag() {
    if (!tag) return;
    setAdding(true);
    setNotice('');
    try {
      const found: Patient[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < MAX_TAG_PAGES; pages++) {
        const page = await callOperation(bridge, 'patients', 'list', {
          tag,
          status: 'active',
          limit: PAGE,
          ...(cursor ? { cursor } : {}),
        });
        found.push(...page.data);
        if (!page.pagination.hasMore) break;
        cursor = page.pagination.cursor;
      }
      const added = found.filter((p) => !chosen.has(p.id));
      onChange([...selected, ...added]);
      setNotice(
        t('picker.addedTag', {
          count: added.length,
          formatted: format.number(added.length),
          tag: tagLabel(tag),
        }),
      );
    } catch {
      setNotice(t('picker.failed'));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="deliveries-picker">
      <div className="deliveries-picker-search">
        <TextField
          label={t('picker.search')}
          type="search"
          placeholder={t('picker.searchPlaceholder')}
          value={text}
          autoComplete="off"
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          // Enter in the search box must not submit the dialog's form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <div className="deliveries-picker-tag">
          <SelectField
            label={t('picker.byTag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          >
            <option value="">{t('picker.chooseTag')}</option>
            {tags.map((x) => (
              <option key={x.tag} value={x.tag}>
                {t('picker.tagOption', { tag: tagLabel(x.tag), formatted: format.number(x.count) })}
              </option>
            ))}
          </SelectField>
          <Button disabled={!tag} busy={adding} onClick={() => void addTag()}>
            {t('picker.addTag')}
          </Button>
        </div>
      </div>
      <fieldset className="deliveries-picker-results" aria-describedby={resultsId}>
        <legend className="visually-hidden">{t('picker.results')}</legend>
        {results.status === 'loading' && (
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" />
          </p>
        )}
        {results.status === 'error' && (
          <p className="notice notice-danger" role="alert">
            {t('picker.failed')}
          </p>
        )}
        {results.status === 'ready' && results.patients.length === 0 && (
          <p className="muted">{t('picker.noResults')}</p>
        )}
        {/* The list stays while a newer search runs, so ticking is not interrupted by typing. */}
        {results.patients.length > 0 && (
          <ul className="deliveries-picker-list">
            {results.patients.map((patient) => (
              <li key={patient.id}>
                <label className="deliveries-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(patient.id)}
                    onChange={(e) => toggle(patient, e.target.checked)}
                  />
                  <span>{fullName(patient)}</span>
                  {!reachable(patient, props.channel) && (
                    <span className="badge badge-warning">
                      {props.channel === 'whatsapp'
                        ? t('unreachable.noPhone')
                        : t('unreachable.noEmail')}
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        )}
        <p className="field-hint" id={resultsId}>
          {results.status === 'ready' && results.hasMore ? t('picker.moreResults') : ''}
        </p>
      </fieldset>
      <p className="deliveries-status" role="status">
        {notice}
      </p>
      <div className="deliveries-selected">
        <div className="deliveries-selected-header">
          <strong aria-live="polite">
            {t('picker.selected', {
              count: selected.length,
              formatted: format.number(selected.length),
            })}
          </strong>
          {selected.length > 0 && (
            <Button size="sm" variant="ghost" onClick={() => onChange([])}>
              {t('picker.clear')}
            </Button>
          )}
        </div>
        {selected.length > 0 && (
          <ul className="deliveries-chips" aria-label={t('schedule.recipients')}>
            {selected.slice(0, CHIPS_SHOWN).map((patient) => {
              const name = fullName(patient);
              return (
                <li key={patient.id} className="deliveries-chip">
                  {name}
                  <button
                    type="button"
                    className="deliveries-chip-remove"
                    aria-label={t('picker.remove', { name })}
                    onClick={() => toggle(patient, false)}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {selected.length > CHIPS_SHOWN && (
          <p className="muted">
            {t('picker.andMore', {
              count: selected.length - CHIPS_SHOWN,
              formatted: format.number(selected.length - CHIPS_SHOWN),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
