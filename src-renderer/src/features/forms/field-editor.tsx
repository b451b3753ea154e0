import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import {
  FIELD_TYPES,
  hasBounds,
  hasOptions,
  type DraftField,
  type FieldProp,
  type FieldType,
  type PlacedError,
} from './form-draft';
import { hasAlertRules } from './alert-rule-draft';
import { FieldAlertRules } from './field-alert-rules';
import { useFormErrorText } from './use-form-error-text';

/** The id of a question's input, so the error summary can move focus to it. */
export const inputId = (key: string, prop: FieldProp | `option-${number}`) => `q-${key}-${prop}`;

export interface FieldEditorProps {
  field: DraftField;
  index: number;
  count: number;
  /** The errors to show (already filtered to what the user has touched). */
  errors: Partial<Record<FieldProp, PlacedError[]>> | undefined;
  /** The type this question's answers have, when the saved form has a question with its id. */
  savedType: FieldType | undefined;
  /** The saved form has responses: renaming an id starts a new series of answers. */
  answered: boolean;
  /** A validated instrument's question: its wording is read-only, its alert rules are not. */
  locked?: boolean;
  /** The option position from which the instrument requires an urgent alert, if it does. */
  requiredFrom?: number | undefined;
  onChange(patch: Partial<DraftField>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One question of the builder: its type, text, id, help, required flag and type's settings. */
export function FieldEditor(props: FieldEditorProps) {
  const { t } = useTranslation('forms');
  const text = useFormErrorText();
  const { field, index, errors } = props;
  const n = index + 1;
  const context = { fieldType: field.type, savedType: props.savedType };
  const first = (prop: FieldProp): string | undefined => {
    const list = errors?.[prop]?.filter((e) => e.option === undefined);
    return list?.length ? list.map((e) => text.fieldError(prop, e, context)).join(' ') : undefined;
  };
  const legendId = inputId(field.key, 'field');
  const rules = hasAlertRules(field.type) && (
    <FieldAlertRules
      field={field}
      n={n}
      errors={errors?.alertRules ?? []}
      note={
        props.requiredFrom !== undefined
          ? t('instruments.requiredRule', { option: field.options[props.requiredFrom] ?? '' })
          : undefined
      }
      onChange={(alertRules) => props.onChange({ alertRules })}
    />
  );

  if (props.locked) {
    return (
      <fieldset className="forms-question forms-question-locked" aria-labelledby={legendId}>
        <h3 id={legendId} className="forms-question-title">
          {t('builder.questionOf', { n, type: t(`fieldTypes.${field.type}`) })}
        </h3>
        <p className="forms-locked-label">{field.label}</p>
        {hasOptions(field.type) && (
          <p className="forms-locked-options">
            <span className="muted">{t('instruments.answers')}:</span> {field.options.join(' · ')}
          </p>
        )}
        {rules}
      </fieldset>
    );
  }

  return (
    <fieldset className="forms-question" aria-labelledby={legendId}>
      <div className="forms-question-head">
        <h3 id={legendId} className="forms-question-title">
          {t('builder.questionOf', { n, type: t(`fieldTypes.${field.type}`) })}
        </h3>
        <div className="forms-question-tools">
          <Button
            size="sm"
            variant="ghost"
            id={inputId(field.key, 'field') + '-up'}
            disabled={index === 0}
            aria-label={t('builder.moveUpLabel', { n })}
            onClick={() => props.onMove(-1)}
          >
            <span aria-hidden="true">↑</span> {t('builder.moveUp')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            id={inputId(field.key, 'field') + '-down'}
            disabled={index === props.count - 1}
            aria-label={t('builder.moveDownLabel', { n })}
            onClick={() => props.onMove(1)}
          >
            <span aria-hidden="true">↓</span> {t('builder.moveDown')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="forms-remove"
            aria-label={t('builder.removeFieldLabel', { n })}
            onClick={props.onRemove}
          >
            {t('builder.removeField')}
          </Button>
        </div>
      </div>

      <div className="forms-question-grid">
        <TextField
          id={inputId(field.key, 'label')}
          className="forms-wide"
          label={t('builder.label')}
          value={field.label}
          maxLength={500}
          autoComplete="off"
          aria-required="true"
          error={first('label')}
          onChange={(e) => props.onChange({ label: e.target.value })}
        />
        <SelectField
          id={inputId(field.key, 'type')}
          label={t('builder.fieldType')}
          value={field.type}
          error={first('type')}
          onChange={(e) => props.onChange({ type: e.target.value as FieldType })}
        >
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`fieldTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <div className="field forms-required">
          <label className="forms-check">
            <input
              type="checkbox"
              id={inputId(field.key, 'required')}
              checked={field.required}
              onChange={(e) => props.onChange({ required: e.target.checked })}
            />
            <span>{t('builder.required')}</span>
          </label>
        </div>
        <TextField
          id={inputId(field.key, 'id')}
          label={t('builder.fieldId')}
          hint={props.answered ? t('builder.fieldIdAnswered') : t('builder.fieldIdHint')}
          value={field.id}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          className="forms-mono"
          translate="no"
          error={first('id')}
          onChange={(e) => props.onChange({ id: e.target.value })}
        />
        <TextField
          id={inputId(field.key, 'hint')}
          label={t('builder.hint')}
          hint={t('builder.hintHint')}
          value={field.hint}
          maxLength={500}
          autoComplete="off"
          error={first('hint')}
          onChange={(e) => props.onChange({ hint: e.target.value })}
        />
      </div>

      {hasBounds(field.type) && (
        <div className="forms-bounds">
          <p className="field-hint">
            {field.type === 'slider' ? t('builder.sliderHint') : t('builder.boundsHint')}
          </p>
          <div className="forms-bounds-row">
            <NumberField
              id={inputId(field.key, 'min')}
              label={t('builder.min')}
              value={field.min}
              error={first('min')}
              onChange={(min) => props.onChange({ min })}
            />
            <NumberField
              id={inputId(field.key, 'max')}
              label={t('builder.max')}
              value={field.max}
              error={first('max')}
              onChange={(max) => props.onChange({ max })}
            />
            {field.type === 'slider' && (
              <NumberField
                id={inputId(field.key, 'step')}
                label={t('builder.step')}
                value={field.step}
                error={first('step')}
                onChange={(step) => props.onChange({ step })}
              />
            )}
          </div>
        </div>
      )}
      {first('field') && (
        <p className="field-error" role="alert">
          {first('field')}
        </p>
      )}

      {hasOptions(field.type) && (
        <OptionsEditor
          field={field}
          n={n}
          error={first('options')}
          optionErrors={(errors?.options ?? []).filter((e) => e.option !== undefined)}
          onChange={(options) => props.onChange({ options })}
        />
      )}

      {rules}
    </fieldset>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      type="number"
      step="any"
      inputMode="decimal"
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** The choices of a select or multiselect: one input per option, add and remove. */
function OptionsEditor(props: {
  field: DraftField;
  n: number;
  error: string | undefined;
  optionErrors: PlacedError[];
  onChange: (options: string[]) => void;
}) {
  const { t } = useTranslation('forms');
  const text = useFormErrorText();
  const { field } = props;
  const errorId = inputId(field.key, 'options') + '-error';
  const set = (i: number, value: string) =>
    props.onChange(field.options.map((o, j) => (j === i ? value : o)));
  return (
    <fieldset
      className={`forms-options${props.error ? ' field-invalid' : ''}`}
      id={inputId(field.key, 'options')}
      aria-describedby={props.error ? errorId : undefined}
      tabIndex={-1}
    >
      <legend>{t('builder.options')}</legend>
      <ol className="forms-option-list">
        {field.options.map((option, i) => {
          const errors = props.optionErrors.filter((e) => e.option === i);
          const message = errors.length
            ? errors
                .map((e) =>
                  text.fieldError('options', e, { fieldType: field.type, savedType: undefined }),
                )
                .join(' ')
            : undefined;
          return (
            <li key={i} className="forms-option">
              <TextField
                id={inputId(field.key, `option-${i}`)}
                label={t('builder.option', { n: i + 1 })}
                value={option}
                maxLength={200}
                autoComplete="off"
                error={message}
                onChange={(e) => set(i, e.target.value)}
                onKeyDown={(e) => {
                  // Enter on the last option starts the next one, as in a list editor.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (i === field.options.length - 1) props.onChange([...field.options, '']);
                  }
                }}
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={field.options.length === 1}
                aria-label={t('builder.removeOption', { n: i + 1 })}
                onClick={() => props.onChange(field.options.filter((_, j) => j !== i))}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          );
        })}
      </ol>
      <Button size="sm" onClick={() => props.onChange([...field.options, ''])}>
        {t('builder.addOption')}
      </Button>
      {props.error && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
