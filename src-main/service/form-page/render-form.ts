import { TEXT_ANSWER_MAX, type AnswerError } from '../domain/form-answers';
import type { FormField } from '../schemas/clinical-form';
import type { Language } from '../schemas/form-schedule';
import { attrs, escapeHtml, textToParagraphs } from './html';
import { renderPageShell } from './page-shell';
import { pageText, type ErrorFacts, type PageText } from './page-text';

export interface FormPageInput {
  language: Language;
  clinicName: string;
  form: {
    name: string;
    description: string;
    fields: readonly FormField[];
    /** A validated instrument's authors and permission line, shown small under the form. */
    attribution?: string | undefined;
  };
  /** Path the `<form>` posts to, e.g. '/f/abc'. */
  action: string;
  /** Raw values from a previous post, so the patient does not have to answer again. */
  values?: Record<string, string | string[]>;
  /** From checkAnswers; shown next to their fields and in the summary at the top. */
  errors?: readonly AnswerError[];
}

/** A 0–10 pain scale is 11 numbers; past 21 a row of buttons stops being quicker than typing. */
export const MAX_SCALE_CHOICES = 21;
/** Past this many options a drop-down is easier to scan than a column of radios. */
export const MAX_RADIO_OPTIONS = 8;

interface Choice {
  value: string;
  label: string;
}

/** How a field is drawn, decided once so the field and the summary link agree. */
type Layout =
  | { kind: 'textarea' | 'number' | 'date' | 'dropdown' }
  | { kind: 'slider-number'; step: number }
  | { kind: 'radios' | 'checkboxes' | 'scale'; choices: Choice[] };

interface FieldView {
  field: FormField;
  layout: Layout;
  text: PageText;
  value: string | string[] | undefined;
  errors: string[];
}

/** The patient's form page: a whole HTML document, with no script, to be sent with FORM_PAGE_CSP. */
export function renderFormPage(input: FormPageInput): string {
  const text = pageText(input.language);
  const { fields } = input.form;
  const byId = new Map(fields.map((f) => [f.id, f]));

  const fieldErrors = new Map<string, string[]>();
  const otherErrors: string[] = [];
  for (const error of input.errors ?? []) {
    const field = error.fieldId === undefined ? undefined : byId.get(error.fieldId);
    const message = text.errors[error.code](field ? errorFacts(field) : {});
    const list = field ? (fieldErrors.get(field.id) ?? []) : otherErrors;
    if (!list.includes(message)) list.push(message);
    if (field) fieldErrors.set(field.id, list);
  }

  const views: FieldView[] = fields.map((field) => ({
    field,
    layout: layoutOf(field, text),
    text,
    value: previousValue(input.values, field.id),
    errors: fieldErrors.get(field.id) ?? [],
  }));

  const hasErrors = fieldErrors.size > 0 || otherErrors.length > 0;
  const description = textToParagraphs(input.form.description);
  const main = [
    hasErrors ? renderErrorSummary(text, views, otherErrors) : '',
    `<h1>${escapeHtml(input.form.name)}</h1>`,
    description ? `<div class="description">\n${description}\n</div>` : '',
    `<form${attrs({ method: 'post', action: input.action, autocomplete: 'off' })}>`,
    ...views.map(renderField),
    `<button type="submit" class="button">${escapeHtml(text.submit)}</button>`,
    '</form>',
    input.form.attribution
      ? `<p class="attribution">${escapeHtml(input.form.attribution)}</p>`
      : '',
  ]
    .filter((part) => part !== '')
    .join('\n');

  return renderPageShell({
    language: input.language,
    clinicName: input.clinicName,
    title: hasErrors ? `${text.errorPrefix} ${input.form.name}` : input.form.name,
    main,
  });
}

function errorFacts(field: FormField): ErrorFacts {
  return { type: field.type, min: field.min, max: field.max, step: field.step };
}

/** Own properties only: a field called `constructor` must not pick up Object.prototype's. */
function previousValue(values: FormPageInput['values'], id: string): string | string[] | undefined {
  return values && Object.hasOwn(values, id) ? values[id] : undefined;
}

function layoutOf(field: FormField, text: PageText): Layout {
  const options = field.options ?? [];
  const asChoices = options.map((o) => ({ value: o, label: o }));
  switch (field.type) {
    case 'text':
      return { kind: 'textarea' };
    case 'number':
      return { kind: 'number' };
    case 'date':
      return { kind: 'date' };
    case 'boolean':
      return {
        kind: 'radios',
        choices: [
          { value: 'true', label: text.yes },
          { value: 'false', label: text.no },
        ],
      };
    case 'select':
      return options.length <= MAX_RADIO_OPTIONS
        ? { kind: 'radios', choices: asChoices }
        : { kind: 'dropdown' };
    case 'multiselect':
      return { kind: 'checkboxes', choices: asChoices };
    case 'slider': {
      const values = scaleChoices(field);
      if (!values) return { kind: 'slider-number', step: field.step ?? 1 };
      const choices = values.map((n) => ({ value: String(n), label: text.formatNumber(n) }));
      return { kind: 'scale', choices };
    }
  }
}

/** Every answer min, min+step, …, max the validator accepts, or undefined if too many to list. */
export function scaleChoices(field: Pick<FormField, 'min' | 'max' | 'step'>): number[] | undefined {
  const { min, max } = field;
  const step = field.step ?? 1;
  if (min === undefined || max === undefined || !Number.isFinite(min) || !Number.isFinite(max)) {
    return undefined;
  }
  if (!(step > 0) || !Number.isFinite(step) || max < min) return undefined;
  // The epsilon keeps 0.3 / 0.1 = 2.9999999999999996 from losing the last choice.
  const count = Math.floor((max - min) / step + 1e-9) + 1;
  if (count > MAX_SCALE_CHOICES) return undefined;
  // Rounded to the places min and step have, so 0.1 steps give 0.3 and not 0.30000000000000004.
  const places = Math.min(100, Math.max(decimalPlaces(min), decimalPlaces(step)));
  return Array.from({ length: count }, (_, k) => Number((min + k * step).toFixed(places)));
}

function decimalPlaces(n: number): number {
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** Where the summary's link for a field lands: the control itself, or a group's first choice. */
function controlId(view: FieldView): string {
  const base = `f-${view.field.id}`;
  return 'choices' in view.layout ? `${base}-0` : base;
}

/** The GOV.UK error summary: first thing on the page, announced, each entry a link to its field. */
function renderErrorSummary(text: PageText, views: FieldView[], otherErrors: string[]): string {
  const items = [
    ...views
      .filter((v) => v.errors.length > 0)
      .map(
        (v) =>
          `<li><a href="#${escapeHtml(controlId(v))}"><span class="error-summary-question">${escapeHtml(v.field.label)}</span> ${v.errors.map(escapeHtml).join(' ')}</a></li>`,
      ),
    ...otherErrors.map((message) => `<li>${escapeHtml(message)}</li>`),
  ];
  // autofocus (no script needed) moves focus here so keyboard and screen reader users start at the
  // list of problems; tabindex -1 makes the box focusable without adding it to the tab order.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${escapeHtml(text.errorSummaryTitle)}</h2>
<ul>
${items.join('\n')}
</ul>
</div>`;
}

function renderField(view: FieldView): string {
  const { field, text, errors } = view;
  const base = `f-${field.id}`;
  const hintId = field.hint ? `${base}-hint` : undefined;
  const errorId = errors.length > 0 ? `${base}-error` : undefined;
  const describedBy = [hintId, errorId].filter((id) => id !== undefined).join(' ') || undefined;
  const invalid = errors.length > 0 ? 'true' : undefined;

  const marker = field.required ? text.required : text.optional;
  const question = `${escapeHtml(field.label)} <span class="marker">${escapeHtml(marker)}</span>`;
  // Hint, then error, then the control: the order GOV.UK tested with screen reader users.
  const hint = hintId
    ? `<p class="hint"${attrs({ id: hintId })}>${escapeHtml(field.hint ?? '')}</p>\n`
    : '';
  const error = errorId
    ? `<p class="error-message"${attrs({ id: errorId })}><span class="visually-hidden">${escapeHtml(text.errorPrefix)} </span>${errors.map(escapeHtml).join('<br>')}</p>\n`
    : '';
  const wrapper = `<div class="${errors.length > 0 ? 'field field--error' : 'field'}">`;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid };

  const { layout } = view;
  if ('choices' in layout) {
    const choices = renderChoices(view, layout, base, invalid);
    const listClass = layout.kind === 'scale' ? 'scale' : 'options';
    return `${wrapper}
<fieldset${attrs({ 'aria-describedby': describedBy })}>
<legend class="question">${question}</legend>
${hint}${error}<div class="${listClass}">
${choices}
</div>
</fieldset>
</div>`;
  }

  const one = singleValue(view.value);
  const common = { id: base, name: field.id, required: field.required, ...aria };
  let control: string;
  switch (layout.kind) {
    case 'textarea':
      // The newline after the start tag is swallowed by the parser, so a leading line break the
      // patient typed survives the round trip.
      control = `<textarea${attrs({ ...common, rows: 5, maxlength: TEXT_ANSWER_MAX })}>\n${escapeHtml(one ?? '')}</textarea>`;
      break;
    case 'number':
      control = `<input${attrs({
        type: 'number',
        ...common,
        step: 'any',
        inputmode: keypad(field),
        min: field.min,
        max: field.max,
        value: one,
      })}>`;
      break;
    case 'slider-number':
      control = `<input${attrs({
        type: 'number',
        ...common,
        min: field.min,
        max: field.max,
        step: layout.step,
        inputmode: keypad(field),
        value: one,
      })}>`;
      break;
    case 'date':
      control = `<input${attrs({ type: 'date', ...common, value: one })}>`;
      break;
    case 'dropdown': {
      const options = (field.options ?? []).map(
        (o) => `<option${attrs({ value: o, selected: o === one })}>${escapeHtml(o)}</option>`,
      );
      control = `<select${attrs(common)}>
<option value="">${escapeHtml(text.selectPlaceholder)}</option>
${options.join('\n')}
</select>`;
      break;
    }
  }
  return `${wrapper}
<label class="question"${attrs({ for: base })}>${question}</label>
${hint}${error}${control}
</div>`;
}

function renderChoices(
  view: FieldView,
  layout: Extract<Layout, { choices: Choice[] }>,
  base: string,
  invalid: string | undefined,
): string {
  const { field, value } = view;
  const chosen = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const type = layout.kind === 'checkboxes' ? 'checkbox' : 'radio';
  const itemClass = layout.kind === 'scale' ? 'scale-option' : 'option';
  return layout.choices
    .map((choice, i) => {
      const id = `${base}-${i}`;
      const input = `<input${attrs({
        type,
        id,
        name: field.id,
        value: choice.value,
        // One box of a checkbox group need not be ticked, so there `required` is only the marker.
        required: type === 'radio' && field.required,
        // Scale values are numbers, so stray spaces do not matter; option texts compare exactly.
        checked: chosen.some(
          (c) => c === choice.value || (layout.kind === 'scale' && c.trim() === choice.value),
        ),
        'aria-invalid': invalid,
      })}>`;
      return `<div class="${itemClass}">${input}<label${attrs({ for: id })}>${escapeHtml(choice.label)}</label></div>`;
    })
    .join('\n');
}

/** iOS's decimal keypad has no minus sign: ask for it only when negatives are not allowed. */
function keypad(field: FormField): 'decimal' | undefined {
  return field.min !== undefined && field.min < 0 ? undefined : 'decimal';
}

function singleValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
