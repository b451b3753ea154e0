import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { FORM_TYPES, type Draft } from './form-draft';

/** The details card: the form's name, type and description (a validated one's instruction). */
export function DetailsCard(props: {
  draft: Draft;
  /** A validated instrument: its type and instruction are the edition's. */
  validated: boolean;
  /** A new form: the name takes the focus. */
  autoFocus: boolean;
  error: (prop: 'name' | 'type' | 'description') => string | undefined;
  onChange: (patch: Partial<Pick<Draft, 'name' | 'type' | 'description'>>) => void;
}) {
  const { t } = useTranslation('forms');
  const { draft } = props;
  return (
    <Card title={t('builder.details')}>
      <TextField
        id="form-name"
        label={t('builder.name')}
        hint={t('builder.nameHint')}
        value={draft.name}
        maxLength={200}
        autoComplete="off"
        aria-required="true"
        autoFocus={props.autoFocus}
        error={props.error('name')}
        onChange={(e) => props.onChange({ name: e.target.value })}
      />
      <SelectField
        id="form-type"
        label={t('builder.type')}
        disabled={props.validated}
        value={draft.type}
        error={props.error('type')}
        onChange={(e) => props.onChange({ type: e.target.value as Draft['type'] })}
      >
        {FORM_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`types.${type}`)}
          </option>
        ))}
      </SelectField>
      <DescriptionField
        locked={props.validated}
        value={draft.description}
        error={props.error('description')}
        onChange={(description) => props.onChange({ description })}
      />
    </Card>
  );
}

function DescriptionField(props: {
  value: string;
  error: string | undefined;
  /** A validated instrument's instruction: the edition's words, read-only. */
  locked: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('forms');
  const id = 'form-description';
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {props.locked ? t('instruments.instruction') : t('builder.description')}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={5000}
        readOnly={props.locked}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {props.locked ? t('instruments.instructionHint') : t('builder.descriptionHint')}
        </p>
      )}
    </div>
  );
}
