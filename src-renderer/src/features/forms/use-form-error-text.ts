import { useTranslation } from 'react-i18next';
import type { BridgeFailure } from '../../bridge/bridge';
import { fieldErrorText } from '../../ui/field-errors';
import { describeError } from '../../ui/states';
import type { FieldProp, FieldType, FormProp, PlacedError } from './form-draft';

const MISSING = new Set(['required', 'minLength', 'pattern']);

/**
 * The service's draft errors as sentences for the input they sit next to: by the rule's code and
 * the property it points at (a `range` on a slider's max reads differently from a number's). Codes
 * this screen has no sentence for fall back to the common field messages.
 */
export function useFormErrorText() {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const fallback = (error: PlacedError) => fieldErrorText(tc, error) ?? error.detail;

  function formError(prop: FormProp, error: PlacedError): string {
    switch (prop) {
      case 'name':
        if (MISSING.has(error.code)) return t('errors.nameMissing');
        if (error.code === 'maxLength') return t('errors.nameTooLong');
        break;
      case 'description':
        if (error.code === 'maxLength') return t('errors.descriptionTooLong');
        break;
      case 'fields':
        if (error.code === 'minItems' || error.code === 'required') return t('errors.noFields');
        if (error.code === 'maxItems') return t('errors.tooManyFields');
        break;
      case 'type':
        break;
    }
    return fallback(error);
  }

  /**
   * `fieldType` is the question's type now; `savedType`, when the form was loaded with a question
   * of this id, the type its answers have.
   */
  function fieldError(
    prop: FieldProp,
    error: PlacedError,
    context: { fieldType: FieldType; savedType?: FieldType | undefined },
  ): string {
    const { code } = error;
    if (code === 'type' && ['min', 'max', 'step'].includes(prop)) return t('errors.notNumber');
    if (code === 'not_allowed') return t('errors.notAllowed');
    switch (prop) {
      case 'label':
        if (MISSING.has(code)) return t('errors.labelMissing');
        if (code === 'maxLength') return t('errors.labelTooLong');
        break;
      case 'hint':
        if (code === 'maxLength') return t('errors.hintTooLong');
        break;
      case 'id':
        if (code === 'duplicate_id') return t('errors.idDuplicate');
        return t('errors.idFormat');
      case 'type':
        if (code === 'field_type_locked') {
          return context.savedType && context.savedType !== context.fieldType
            ? t('errors.typeLocked', { type: t(`fieldTypes.${context.savedType}`) })
            : t('errors.typeLockedUnknown');
        }
        break;
      case 'options':
        if (error.option !== undefined) {
          if (MISSING.has(code)) return t('errors.optionEmpty');
          if (code === 'maxLength') return t('errors.optionTooLong');
          break;
        }
        if (code === 'required' || code === 'minItems') return t('errors.optionsMissing');
        if (code === 'duplicate_option') return t('errors.optionsDuplicate');
        if (code === 'maxItems') return t('errors.optionsTooMany');
        break;
      case 'field':
        if (code === 'required' && context.fieldType === 'slider') return t('errors.sliderBounds');
        break;
      case 'max':
        if (code === 'range') {
          return context.fieldType === 'slider' ? t('errors.sliderMax') : t('errors.numberMax');
        }
        break;
      case 'step':
        if (code === 'exclusiveMinimum') return t('errors.stepPositive');
        if (code === 'range') return t('errors.stepTooLarge');
        if (code === 'step') return t('errors.stepUneven');
        break;
      default:
        break;
    }
    return fallback(error);
  }

  /** A rule's problem, for the rule's input or row (question rules and score rules alike). */
  function ruleError(error: PlacedError): string {
    switch (error.code) {
      case 'required':
        return t('errors.ruleValueMissing');
      case 'type':
        return error.ruleProp === 'min' || error.ruleProp === 'max'
          ? t('errors.notNumber')
          : t('errors.ruleNotFit');
      case 'range':
        return t('errors.ruleRange');
      case 'out_of_range':
        return t('errors.ruleOutOfRange');
      case 'unknown_option':
        return t('errors.ruleUnknownOption');
      case 'not_allowed':
        return t('errors.ruleNotFit');
      case 'unknown_instrument':
        return t('errors.ruleUnknownInstrument');
      case 'maxItems':
        return t('errors.tooManyRules');
      case 'rule_required':
        return t('errors.ruleRequired');
      case 'minimum':
        return t('errors.ruleNegative');
      default:
        return fallback(error);
    }
  }

  return {
    formError,
    fieldError,
    ruleError,
    /** A refusal that is not about one input. */
    problem: (failure: BridgeFailure) => describeError(tc, failure),
  };
}
