import { useTranslation } from 'react-i18next';
import type { EditionInfo } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { FieldEditor } from './field-editor';
import {
  FIELD_TYPES,
  type Draft,
  type DraftField,
  type ErrorMap,
  type FieldType,
} from './form-draft';

/** The questions card: each question's editor, in order, and the buttons that add one. */
export function QuestionsCard(props: {
  draft: Draft;
  /** A validated instrument: its questions are the edition's, none is added. */
  validated: boolean;
  edition: EditionInfo | undefined;
  errors: ErrorMap['fields'];
  /** The form's error about its questions as a whole. */
  fieldsError: string | undefined;
  savedType: (field: DraftField) => FieldType | undefined;
  /** The form has responses: a question that changes type says it cannot. */
  answered: boolean;
  onChange: (field: DraftField, patch: Partial<DraftField>) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: (type: FieldType) => void;
}) {
  const { t } = useTranslation('forms');
  const { draft } = props;
  return (
    <Card title={t('builder.questions')} className="forms-questions">
      {draft.fields.length === 0 && <p className="muted">{t('builder.noQuestions')}</p>}
      <ol className="forms-question-list">
        {draft.fields.map((field, index) => (
          <li key={field.key}>
            <FieldEditor
              locked={props.validated}
              requiredFrom={props.edition?.requiredRules.find((r) => r.fieldId === field.id)?.from}
              field={field}
              index={index}
              count={draft.fields.length}
              errors={props.errors.get(field.key)}
              savedType={props.savedType(field)}
              answered={props.answered}
              onChange={(patch) => props.onChange(field, patch)}
              onMove={(by) => props.onMove(index, by)}
              onRemove={() => props.onRemove(index)}
            />
          </li>
        ))}
      </ol>
      {props.fieldsError && (
        <p className="field-error" id="form-fields" role="alert" tabIndex={-1}>
          {props.fieldsError}
        </p>
      )}
      {!props.validated && (
        <div className="forms-add" role="group" aria-labelledby="forms-add-title">
          <h3 id="forms-add-title">{t('builder.addQuestion')}</h3>
          <div className="forms-add-buttons">
            {FIELD_TYPES.map((type, i) => (
              <Button
                key={type}
                size="sm"
                id={i === 0 ? 'forms-add-first' : undefined}
                onClick={() => props.onAdd(type)}
              >
                <span aria-hidden="true">+</span> {t(`fieldTypes.${type}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
