import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderDeliveryMessage } from '../../src-main/service/domain/delivery-message';
import {
  checkAnswers,
  type AnswerError,
  type AnswerErrorCode,
} from '../../src-main/service/domain/form-answers';
import { escapeHtml, textToParagraphs } from '../../src-main/service/form-page/html';
import { pageText } from '../../src-main/service/form-page/page-text';
import { FORM_PAGE_CSP, PAGE_CSS } from '../../src-main/service/form-page/page-style';
import { parseFormPost } from '../../src-main/service/form-page/parse-form-post';
import {
  renderFormPage,
  scaleChoices,
  type FormPageInput,
} from '../../src-main/service/form-page/render-form';
import { renderStatusPage } from '../../src-main/service/form-page/render-status';
import type { FormField } from '../../src-main/service/schemas/clinical-form';
import { LANGUAGES, type Language } from '../../src-main/service/schemas/form-schedule';

const COUNTRIES = ['Spain', 'France', 'Italy', 'Portugal', 'Andorra', 'Germany', 'Morocco'];

/** One field of every type, and both ways a slider and a select can be drawn. */
const FIELDS: FormField[] = [
  {
    id: 'pain',
    type: 'slider',
    label: 'Pain today',
    required: true,
    min: 0,
    max: 10,
    step: 1,
    hint: '0 = no pain, 10 = the worst pain you can imagine',
  },
  { id: 'weight', type: 'number', label: 'Weight (kg)', required: false, min: 20, max: 300 },
  { id: 'mood', type: 'select', label: 'Mood', required: true, options: ['Good', 'So-so', 'Bad'] },
  {
    id: 'country',
    type: 'select',
    label: 'Country of birth',
    required: false,
    options: [...COUNTRIES, 'United Kingdom', 'Other'],
  },
  {
    id: 'symptoms',
    type: 'multiselect',
    label: 'Symptoms this week',
    required: true,
    options: ['Headache', 'Nausea', 'Fatigue'],
  },
  { id: 'smoker', type: 'boolean', label: 'Do you smoke?', required: true },
  { id: 'visit', type: 'date', label: 'Last visit', required: false },
  { id: 'notes', type: 'text', label: 'Anything else?', required: false },
  {
    id: 'walked',
    type: 'slider',
    label: 'Minutes walked',
    required: false,
    min: 0,
    max: 120,
    step: 5,
  },
];

function page(overrides: Partial<FormPageInput> = {}): string {
  return renderFormPage({
    language: 'en',
    clinicName: 'Clínica Mar',
    form: { name: 'Weekly check', description: 'Please answer.', fields: FIELDS },
    action: '/f/tok_abc',
    ...overrides,
  });
}

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with id ${id}`);
  return match[0];
}

/** The `<div class="field">` block that holds the controls named `name`. */
function fieldBlock(html: string, name: string): string {
  const block = html.split('<div class="field').find((b) => b.includes(` name="${name}"`));
  if (!block) throw new Error(`no field named ${name}`);
  return block.split('<button')[0]!;
}

function tags(html: string, tag: string): string[] {
  return html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];
}

function styleBlock(html: string): string {
  const match = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!match) throw new Error('no style block');
  return match[1]!;
}

describe('renderFormPage: the document', () => {
  it('is a whole HTML5 document with no script, kept out of search engines', () => {
    const html = page();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('<form method="post" action="/f/tok_abc" autocomplete="off">');
    expect(html).toContain('<h1>Weekly check</h1>');
    expect(html).toContain('<title>Weekly check – Clínica Mar</title>');
    expect(html).toContain('<button type="submit" class="button">Send answers</button>');
    expect(html).toContain('Page provided by Clínica Mar.');
  });

  it('keeps the description’s paragraphs and line breaks', () => {
    const html = page({
      form: {
        name: 'F',
        description: 'First line\nsecond line\r\n\r\nNew paragraph\n\n\n',
        fields: FIELDS,
      },
    });
    expect(html).toContain(
      '<div class="description">\n<p>First line<br>\nsecond line</p>\n<p>New paragraph</p>\n</div>',
    );
    expect(page({ form: { name: 'F', description: '', fields: FIELDS } })).not.toContain(
      'class="description"',
    );
  });

  it('gives every control the field id as its name and a label tied to it', () => {
    const html = page();
    for (const field of FIELDS) {
      const block = fieldBlock(html, field.id);
      const ids = [...block.matchAll(/<(?:input|select|textarea)\b[^>]*\sid="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(block).toContain(`for="${id}"`);
    }
  });
});

describe('renderFormPage: field types and their constraints', () => {
  const html = page();

  it('text is a textarea limited to 5000 characters', () => {
    expect(tagWithId(html, 'f-notes')).toBe(
      '<textarea id="f-notes" name="notes" rows="5" maxlength="5000">',
    );
  });

  it('number is a decimal number box with the field’s min and max', () => {
    expect(tagWithId(html, 'f-weight')).toBe(
      '<input type="number" id="f-weight" name="weight" step="any" inputmode="decimal" min="20" max="300">',
    );
    const open = page({
      form: {
        name: 'F',
        description: '',
        fields: [{ id: 'n', type: 'number', label: 'N', required: true }],
      },
    });
    const tag = tagWithId(open, 'f-n');
    expect(tag).not.toMatch(/\s(min|max)=/);
    expect(tag).toContain(' required');
  });

  it('does not ask for the decimal keypad (no minus sign on iOS) when negatives are allowed', () => {
    const html = page({
      form: {
        name: 'F',
        description: '',
        fields: [{ id: 't', type: 'number', label: 'Change', required: false, min: -5, max: 5 }],
      },
    });
    expect(tagWithId(html, 'f-t')).not.toContain('inputmode');
  });

  it('a short slider is a wrapping row of radios, one per value, under a legend with the hint', () => {
    const block = fieldBlock(html, 'pain');
    expect(block).toContain('<fieldset aria-describedby="f-pain-hint">');
    expect(block).toMatch(/<legend class="question">Pain today <span class="marker">/);
    expect(block).toContain(
      '<p class="hint" id="f-pain-hint">0 = no pain, 10 = the worst pain you can imagine</p>',
    );
    expect(block).toContain('<div class="scale">');
    const radios = tags(block, 'input');
    expect(radios).toHaveLength(11);
    radios.forEach((radio, i) => {
      expect(radio).toContain('type="radio"');
      expect(radio).toContain(`value="${i}"`);
      expect(radio).toContain(' required');
    });
    expect(block).toContain('<label for="f-pain-10">10</label>');
    expect(PAGE_CSS).toMatch(/\.scale \{[^}]*flex-wrap: wrap/);
  });

  it('lists fractional slider steps exactly and shows them the way the language writes numbers', () => {
    expect(scaleChoices({ min: 0, max: 1, step: 0.1 })).toEqual([
      0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
    ]);
    expect(scaleChoices({ min: 1, max: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(scaleChoices({ min: 0, max: 10, step: 3 })).toEqual([0, 3, 6, 9]);
    expect(scaleChoices({ min: 0, max: 20 })).toHaveLength(21);
    expect(scaleChoices({ min: 0, max: 21 })).toBeUndefined();
    expect(scaleChoices({ max: 10 })).toBeUndefined();

    const html = page({
      language: 'es',
      form: {
        name: 'F',
        description: '',
        fields: [
          { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 2, step: 0.5 },
        ],
      },
    });
    expect(html).toContain('value="1.5"');
    expect(html).toContain('<label for="f-s-3">1,5</label>');
  });

  it('a long slider is a number box with min, max and step', () => {
    expect(tagWithId(html, 'f-walked')).toBe(
      '<input type="number" id="f-walked" name="walked" min="0" max="120" step="5" inputmode="decimal">',
    );
  });

  it('a short select is a radio group; a long one a drop-down with an empty first option', () => {
    const mood = fieldBlock(html, 'mood');
    expect(mood).toContain('<fieldset>');
    expect(mood).toContain('<legend class="question">Mood');
    expect(tags(mood, 'input')).toEqual([
      '<input type="radio" id="f-mood-0" name="mood" value="Good" required>',
      '<input type="radio" id="f-mood-1" name="mood" value="So-so" required>',
      '<input type="radio" id="f-mood-2" name="mood" value="Bad" required>',
    ]);

    const country = fieldBlock(html, 'country');
    expect(tagWithId(country, 'f-country')).toBe('<select id="f-country" name="country">');
    const options = tags(country, 'option');
    expect(options).toHaveLength(10);
    expect(options[0]).toBe('<option value="">');
    expect(country).toContain('<option value="">Choose an option…</option>');
    expect(country).toContain('<option value="United Kingdom">United Kingdom</option>');
  });

  it('multiselect is checkboxes sharing the field’s name, required on the legend only', () => {
    const block = fieldBlock(html, 'symptoms');
    expect(block).toMatch(
      /<legend class="question">Symptoms this week <span class="marker">\(required\)<\/span><\/legend>/,
    );
    const boxes = tags(block, 'input');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box).toContain('type="checkbox"');
      expect(box).toContain('name="symptoms"');
      expect(box).not.toContain('required');
    }
  });

  it('boolean is two radios, true and false, labelled in the language', () => {
    const block = fieldBlock(html, 'smoker');
    expect(block).toContain(
      '<input type="radio" id="f-smoker-0" name="smoker" value="true" required><label for="f-smoker-0">Yes</label>',
    );
    expect(block).toContain(
      '<input type="radio" id="f-smoker-1" name="smoker" value="false" required><label for="f-smoker-1">No</label>',
    );
    const es = page({ language: 'es' });
    expect(fieldBlock(es, 'smoker')).toContain('<label for="f-smoker-0">Sí</label>');
  });

  it('date is a date input', () => {
    expect(tagWithId(html, 'f-visit')).toBe('<input type="date" id="f-visit" name="visit">');
  });

  it('marks every question as required or optional, visibly', () => {
    for (const field of FIELDS) {
      const marker = field.required ? '(required)' : '(optional)';
      expect(fieldBlock(html, field.id)).toContain(`<span class="marker">${marker}</span>`);
    }
    expect(tagWithId(html, 'f-notes')).not.toContain('required');
  });
});

describe('renderFormPage: answers from a previous post', () => {
  it('fills every kind of control in again', () => {
    const html = page({
      values: {
        pain: '7',
        weight: '72,5',
        mood: 'So-so',
        country: 'Italy',
        symptoms: ['Headache', 'Fatigue'],
        smoker: 'false',
        visit: '2025-02-03',
        notes: 'Line one\nLine <two>',
        walked: '35',
      },
    });
    expect(tagWithId(html, 'f-pain-7')).toContain(' checked');
    expect(
      tags(fieldBlock(html, 'pain'), 'input').filter((t) => t.includes('checked')),
    ).toHaveLength(1);
    expect(tagWithId(html, 'f-weight')).toContain('value="72,5"');
    expect(tagWithId(html, 'f-mood-1')).toContain(' checked');
    expect(fieldBlock(html, 'country')).toContain('<option value="Italy" selected>Italy</option>');
    expect(tagWithId(html, 'f-symptoms-0')).toContain(' checked');
    expect(tagWithId(html, 'f-symptoms-1')).not.toContain(' checked');
    expect(tagWithId(html, 'f-symptoms-2')).toContain(' checked');
    expect(tagWithId(html, 'f-smoker-1')).toContain(' checked');
    expect(tagWithId(html, 'f-smoker-0')).not.toContain(' checked');
    expect(tagWithId(html, 'f-visit')).toContain('value="2025-02-03"');
    expect(html).toContain('maxlength="5000">\nLine one\nLine &lt;two&gt;</textarea>');
    expect(tagWithId(html, 'f-walked')).toContain('value="35"');
  });

  it('does not read inherited properties as answers', () => {
    const html = page({
      form: {
        name: 'F',
        description: '',
        fields: [{ id: 'constructor', type: 'text', label: 'C', required: false }],
      },
      values: {},
    });
    expect(html).toContain('maxlength="5000">\n</textarea>');
  });
});

describe('renderFormPage: errors', () => {
  const post = new URLSearchParams([
    ['pain', '7'],
    ['weight', 'heavy'],
    ['mood', 'Good'],
    ['smoker', 'true'],
    ['walked', '500'],
    ['colour', 'blue'],
  ]);
  const parsed = parseFormPost(FIELDS, post);
  const { errors } = checkAnswers(FIELDS, parsed.submitted);
  const html = page({ values: parsed.values, errors });

  it('come from the shared validator as the fields the patient got wrong', () => {
    expect(errors.map((e) => [e.fieldId, e.code])).toEqual([
      ['colour', 'unknown_field'],
      ['weight', 'type'],
      ['symptoms', 'required'],
      ['walked', 'range'],
    ]);
  });

  it('are shown next to their field, linked by aria-describedby, with aria-invalid', () => {
    const weight = fieldBlock(html, 'weight');
    expect(weight.startsWith(' field--error">')).toBe(true);
    expect(weight).toContain(
      '<p class="error-message" id="f-weight-error"><span class="visually-hidden">Error: </span>Enter a number between 20 and 300.</p>',
    );
    const input = tagWithId(html, 'f-weight');
    expect(input).toContain('aria-describedby="f-weight-error"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('value="heavy"');

    const walked = tagWithId(html, 'f-walked');
    expect(walked).toContain('aria-invalid="true"');
    expect(fieldBlock(html, 'walked')).toContain('Enter a number between 0 and 120.');

    const symptoms = fieldBlock(html, 'symptoms');
    expect(symptoms).toContain('<fieldset aria-describedby="f-symptoms-error">');
    expect(symptoms).toContain('Choose at least one option.');
    for (const box of tags(symptoms, 'input')) expect(box).toContain('aria-invalid="true"');
  });

  it('describes a field by its hint and its error together', () => {
    const html = page({
      errors: [{ fieldId: 'pain', code: 'required', pointer: '/responses', detail: 'x' }],
    });
    expect(fieldBlock(html, 'pain')).toContain(
      '<fieldset aria-describedby="f-pain-hint f-pain-error">',
    );
  });

  it('leave the fields that are fine alone', () => {
    for (const id of ['pain', 'mood', 'smoker', 'notes']) {
      const block = fieldBlock(html, id);
      expect(block).not.toContain('aria-invalid');
      expect(block).not.toContain('error-message');
      expect(block.startsWith('">')).toBe(true);
    }
    expect(tagWithId(html, 'f-pain-7')).toContain(' checked');
  });

  it('are summarised at the top, announced, each linked to its field in page order', () => {
    const summary = html.slice(html.indexOf('<div class="error-summary"'), html.indexOf('<h1>'));
    expect(summary).toContain('role="alert"');
    expect(summary).toContain(
      '<h2 id="error-summary-title">There is a problem with your answers</h2>',
    );
    const links = [...summary.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['f-weight', 'f-symptoms-0', 'f-walked']);
    for (const id of links) expect(html).toContain(`id="${id}"`);
    expect(summary).toContain(
      '<a href="#f-weight"><span class="error-summary-question">Weight (kg)</span> Enter a number between 20 and 300.</a>',
    );
    expect(html.indexOf('error-summary')).toBeLessThan(html.indexOf('<h1>'));
    expect(html).toContain('<title>Error: Weekly check – Clínica Mar</title>');
  });

  it('put an answer to a question the form does not have in the summary only', () => {
    const summary = html.slice(html.indexOf('<div class="error-summary"'), html.indexOf('<h1>'));
    expect(summary).toContain(
      `<li>${escapeHtml("We received an answer to a question that isn't on this form. Please check your answers and send them again.")}</li>`,
    );
    expect(html).not.toContain('colour');
    const noField: AnswerError = { code: 'unknown_field', pointer: '/responses/0', detail: 'x' };
    expect(page({ errors: [noField] })).toContain('error-summary');
  });

  it('say it in the patient’s language, never the English detail', () => {
    const es = page({ language: 'es', values: parsed.values, errors });
    expect(es).toContain('Escriba un número entre 20 y 300.');
    expect(es).toContain('Hay algún problema con sus respuestas');
    expect(es).toContain('<title>Error: Weekly check – Clínica Mar</title>');
    for (const error of errors) expect(es).not.toContain(escapeHtml(error.detail));
  });

  it('have no summary when there are none', () => {
    expect(page()).not.toContain('error-summary"');
    expect(page({ errors: [] })).not.toContain('role="alert"');
  });
});

describe('page texts', () => {
  const CODES: AnswerErrorCode[] = [
    'required',
    'type',
    'empty',
    'too_long',
    'range',
    'step',
    'option',
    'duplicate_option',
    'date',
    'unknown_field',
    'duplicate_field',
  ];

  it('have a sentence for every error code in every language, each different', () => {
    for (const code of CODES) {
      const sentences = LANGUAGES.map((l) =>
        pageText(l).errors[code]({ type: 'slider', min: 0, max: 10 }),
      );
      for (const s of sentences) expect(s).toMatch(/^\S.*[.]$/);
      expect(new Set(sentences).size).toBe(3);
    }
  });

  it('use the field’s limits and write numbers as the language does', () => {
    const slider = { type: 'slider', min: 0, max: 10, step: 0.5 } as const;
    expect(pageText('en').errors.range(slider)).toBe('Enter a number between 0 and 10.');
    expect(pageText('es').errors.step(slider)).toBe(
      'Elija un valor entre 0 y 10, en intervalos de 0,5.',
    );
    expect(pageText('ca').errors.step({ type: 'slider', min: 0, max: 10 })).toBe(
      'Triï un número enter entre 0 i 10.',
    );
    expect(pageText('en').errors.range({ type: 'number', min: 18 })).toBe(
      'Enter a number of 18 or more.',
    );
    expect(pageText('es').errors.too_long({ type: 'text' })).toContain('5000');
  });
});

describe('escaping', () => {
  it('makes text from the form, the clinic and the patient inert everywhere', () => {
    const evil = '<script>alert("x")</script>';
    const html = renderFormPage({
      language: 'en',
      clinicName: `Clinic ${evil}`,
      form: {
        name: `Form ${evil}`,
        description: `<img src=x onerror="alert(1)">`,
        fields: [
          {
            id: 'a',
            type: 'select',
            label: `Label ${evil}`,
            required: true,
            options: ['x"y', `'z'`],
          },
          { id: 'b', type: 'text', label: 'B', required: false, hint: `Hint ${evil}` },
          { id: 'c', type: 'number', label: 'C', required: false },
        ],
      },
      action: '/f/a"b?x=1&y=<2>',
      values: { b: `</textarea>${evil}`, c: `"><script>alert(1)</script>` },
      errors: [{ fieldId: 'a', code: 'option', pointer: '/responses/0/value', detail: evil }],
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('Label &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('value="x&quot;y"');
    expect(html).toContain('value="&#39;z&#39;"');
    expect(html).toContain('action="/f/a&quot;b?x=1&amp;y=&lt;2&gt;"');
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html.match(/<\/textarea>/g)).toHaveLength(1);
  });

  it('escapeHtml escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(textToParagraphs('a<b\nc\n\n d ')).toBe('<p>a&lt;b<br>\nc</p>\n<p>d</p>');
  });
});

describe('languages', () => {
  it('each page is in its own language and says so in lang', () => {
    const pages = Object.fromEntries(LANGUAGES.map((l) => [l, page({ language: l })])) as Record<
      Language,
      string
    >;
    expect(pages.es).toContain('<html lang="es">');
    expect(pages.ca).toContain('<html lang="ca">');
    expect(pages.en).toContain('<html lang="en">');
    expect(pages.es).toContain('>Enviar respuestas</button>');
    expect(pages.ca).toContain('>Enviar les respostes</button>');
    expect(pages.en).toContain('>Send answers</button>');
    expect(pages.es).toContain('<span class="marker">(obligatoria)</span>');
    expect(pages.ca).toContain('<span class="marker">(obligatòria)</span>');
    expect(pages.ca).toContain('<option value="">Triï una opció…</option>');
    expect(pages.ca).toContain('Pàgina oferta per Clínica Mar.');
    expect(new Set(Object.values(pages)).size).toBe(3);
  });
});

describe('content security policy', () => {
  const sha = (css: string) => createHash('sha256').update(css, 'utf8').digest('base64');

  it('allows exactly the style block the pages carry and nothing else', () => {
    for (const html of [
      page(),
      renderStatusPage({ language: 'ca', clinicName: 'C', kind: 'not_found' }),
    ]) {
      const css = styleBlock(html);
      expect(css).toBe(PAGE_CSS);
      expect(FORM_PAGE_CSP).toContain(`style-src 'sha256-${sha(css)}'`);
    }
    expect(FORM_PAGE_CSP).toBe(
      `default-src 'none'; style-src 'sha256-${sha(PAGE_CSS)}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(PAGE_CSS).not.toContain('</style');
  });
});

describe('renderStatusPage', () => {
  const completedAt = '2025-07-01T22:30:00Z'; // already 2 July in Madrid (UTC+2 in summer)

  it('completed: thanks, the date in Madrid time, nothing more to do', () => {
    const en = renderStatusPage({
      language: 'en',
      clinicName: 'Clínica Mar',
      kind: 'completed',
      formName: 'PHQ-9',
      completedAt,
    });
    expect(en).toContain('<h1>Thank you</h1>');
    expect(en).toContain('The form “PHQ-9” was completed on 2 July 2025 at 00:30.');
    expect(en).toContain(escapeHtml("There's nothing more you need to do."));
    expect(en).toContain('<title>Thank you – Clínica Mar</title>');

    const es = renderStatusPage({
      language: 'es',
      clinicName: 'C',
      kind: 'completed',
      completedAt,
    });
    expect(es).toContain('<h1>Gracias</h1>');
    expect(es).toMatch(/Este formulario se completó el 2 de julio de 2025\D+0:30\./);
    const ca = renderStatusPage({
      language: 'ca',
      clinicName: 'C',
      kind: 'completed',
      formName: 'F',
    });
    expect(ca).toContain('El formulari «F» ja s&#39;ha completat.');
    const bad = renderStatusPage({
      language: 'en',
      clinicName: 'C',
      kind: 'completed',
      completedAt: 'not a date',
    });
    expect(bad).toContain('This form has been completed.');
  });

  it('cancelled: the clinic withdrew it; contact them if in doubt', () => {
    const html = renderStatusPage({
      language: 'es',
      clinicName: 'Clínica Mar',
      kind: 'cancelled',
      formName: 'PHQ-9',
    });
    expect(html).toContain('<h1>Este formulario ya no está disponible</h1>');
    expect(html).toContain('Clínica Mar ha retirado el formulario «PHQ-9»');
    expect(html).toContain('póngase en contacto con Clínica Mar.');
  });

  it('unavailable: cannot be answered now', () => {
    const html = renderStatusPage({
      language: 'ca',
      clinicName: 'Clínica Mar',
      kind: 'unavailable',
    });
    expect(html).toContain('<h1>Ara no es pot respondre aquest formulari</h1>');
    expect(html).toContain('Torni-ho a provar més tard.');
  });

  it('not_found: the link is not valid, and nothing about what it was', () => {
    const html = renderStatusPage({
      language: 'en',
      clinicName: 'Clínica Mar',
      kind: 'not_found',
      formName: 'Secret form',
      completedAt,
    });
    expect(html).toContain(`<h1>${escapeHtml("This link isn't valid")}</h1>`);
    expect(html).toContain('may have expired');
    expect(html).not.toContain('Secret form');
    expect(html).not.toContain('2025');
  });

  it('shares the form page’s document: lang, no script, the same style, the clinic footer', () => {
    for (const language of LANGUAGES) {
      for (const kind of ['completed', 'cancelled', 'unavailable', 'not_found'] as const) {
        const html = renderStatusPage({ language, clinicName: 'Clínica <Mar>', kind });
        expect(html.startsWith('<!doctype html>')).toBe(true);
        expect(html).toContain(`<html lang="${language}">`);
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(html).not.toMatch(/<script|<form/i);
        expect(html).toContain(escapeHtml(pageText(language).footer('Clínica <Mar>')));
        expect(html).toContain(`<h1>${escapeHtml(pageText(language).status[kind].title)}</h1>`);
      }
    }
  });
});

describe('parseFormPost', () => {
  const only = (field: FormField, ...pairs: Array<[string, string]>) =>
    parseFormPost([field], new URLSearchParams(pairs)).submitted;
  const num: FormField = { id: 'n', type: 'number', label: 'N', required: false };
  const slider: FormField = {
    id: 's',
    type: 'slider',
    label: 'S',
    required: true,
    min: 0,
    max: 10,
  };

  it('reads numbers with a decimal point or a decimal comma', () => {
    expect(only(num, ['n', '72.5'])).toEqual([{ fieldId: 'n', value: 72.5 }]);
    expect(only(num, ['n', ' 7,5 '])).toEqual([{ fieldId: 'n', value: 7.5 }]);
    expect(only(num, ['n', '-3'])).toEqual([{ fieldId: 'n', value: -3 }]);
    expect(only(num, ['n', ',5'])).toEqual([{ fieldId: 'n', value: 0.5 }]);
    expect(only(slider, ['s', '7'])).toEqual([{ fieldId: 's', value: 7 }]);
  });

  it('passes a number it cannot read through as text, for the validator to call a type error', () => {
    for (const raw of ['seven', '0x10', '1,2,3', '7.5.1', 'Infinity', '1e999']) {
      expect(only(num, ['n', raw])).toEqual([{ fieldId: 'n', value: raw }]);
    }
    const { errors } = checkAnswers([num], only(num, ['n', 'seven']));
    expect(errors.map((e) => e.code)).toEqual(['type']);
  });

  it('reads yes and no as booleans and passes anything else through', () => {
    const field: FormField = { id: 'b', type: 'boolean', label: 'B', required: true };
    expect(only(field, ['b', 'true'])).toEqual([{ fieldId: 'b', value: true }]);
    expect(only(field, ['b', 'false'])).toEqual([{ fieldId: 'b', value: false }]);
    expect(only(field, ['b', 'yes'])).toEqual([{ fieldId: 'b', value: 'yes' }]);
  });

  it('keeps select, date and text answers as given', () => {
    const text: FormField = { id: 't', type: 'text', label: 'T', required: false };
    const date: FormField = { id: 'd', type: 'date', label: 'D', required: false };
    const select: FormField = {
      id: 'o',
      type: 'select',
      label: 'O',
      required: false,
      options: ['A b'],
    };
    expect(only(text, ['t', '  two\nlines  '])).toEqual([
      { fieldId: 't', value: '  two\nlines  ' },
    ]);
    // A textarea posts line breaks as CRLF but counts each as one character against maxlength.
    const [answer] = only(text, ['t', 'a\r\n'.repeat(2000)]);
    expect(answer!.value).toBe('a\n'.repeat(2000));
    expect(checkAnswers([text], [answer!]).errors).toEqual([]);
    expect(only(date, ['d', '2025-02-30'])).toEqual([{ fieldId: 'd', value: '2025-02-30' }]);
    expect(only(select, ['o', 'A b'])).toEqual([{ fieldId: 'o', value: 'A b' }]);
  });

  it('collects every ticked box of a multiselect, and no box as no answer', () => {
    const field: FormField = {
      id: 'm',
      type: 'multiselect',
      label: 'M',
      required: false,
      options: ['a', 'b', 'c'],
    };
    const post = new URLSearchParams([
      ['m', 'a'],
      ['m', 'c'],
    ]);
    expect(parseFormPost([field], post)).toEqual({
      submitted: [{ fieldId: 'm', value: ['a', 'c'] }],
      values: { m: ['a', 'c'] },
    });
    expect(parseFormPost([field], new URLSearchParams())).toEqual({ submitted: [], values: {} });
  });

  it('leaves out blank and missing answers, which the validator then calls required or skips', () => {
    const { submitted, values } = parseFormPost(
      FIELDS,
      new URLSearchParams([
        ['weight', ''],
        ['notes', '  \n '],
        ['visit', ''],
        ['country', ''],
      ]),
    );
    expect(submitted).toEqual([]);
    expect(values).toEqual({ weight: '', notes: '  \n ', visit: '', country: '' });
    const { errors } = checkAnswers(FIELDS, submitted);
    expect(errors.map((e) => e.fieldId)).toEqual(['pain', 'mood', 'symptoms', 'smoker']);
  });

  it('passes unknown names and repeated answers on for the validator to refuse', () => {
    const { submitted, values } = parseFormPost(
      [num],
      new URLSearchParams([
        ['extra', 'x'],
        ['n', '1'],
        ['n', '2'],
        ['many', 'a'],
        ['many', 'b'],
        ['__proto__', 'p'],
      ]),
    );
    expect(submitted).toEqual([
      { fieldId: 'n', value: 1 },
      { fieldId: 'n', value: 2 },
      { fieldId: 'extra', value: 'x' },
      { fieldId: 'many', value: ['a', 'b'] },
      { fieldId: '__proto__', value: 'p' },
    ]);
    expect(Object.keys(values)).toEqual(['extra', 'n', 'many', '__proto__']);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    const { errors } = checkAnswers([num], submitted);
    expect(errors.map((e) => e.code)).toEqual([
      'duplicate_field',
      'unknown_field',
      'unknown_field',
      'unknown_field',
    ]);
  });

  it('turns a whole valid post into answers the shared validator accepts, in form order', () => {
    const post = new URLSearchParams([
      ['notes', 'Sleeping badly.\nOtherwise fine.'],
      ['pain', '4'],
      ['weight', '72,5'],
      ['mood', 'So-so'],
      ['country', 'United Kingdom'],
      ['symptoms', 'Headache'],
      ['symptoms', 'Fatigue'],
      ['smoker', 'false'],
      ['visit', '2025-01-31'],
      ['walked', '35'],
    ]);
    const { submitted } = parseFormPost(FIELDS, post);
    const { answers, errors } = checkAnswers(FIELDS, submitted);
    expect(errors).toEqual([]);
    expect(answers).toEqual([
      { fieldId: 'pain', value: 4 },
      { fieldId: 'weight', value: 72.5 },
      { fieldId: 'mood', value: 'So-so' },
      { fieldId: 'country', value: 'United Kingdom' },
      { fieldId: 'symptoms', value: ['Headache', 'Fatigue'] },
      { fieldId: 'smoker', value: false },
      { fieldId: 'visit', value: '2025-01-31' },
      { fieldId: 'notes', value: 'Sleeping badly.\nOtherwise fine.' },
      { fieldId: 'walked', value: 35 },
    ]);
  });

  it('accepts every value the page offers for a fractional scale', () => {
    const field: FormField = {
      id: 's',
      type: 'slider',
      label: 'S',
      required: true,
      min: 0,
      max: 1,
      step: 0.1,
    };
    const html = page({ form: { name: 'F', description: '', fields: [field] } });
    const offered = [...html.matchAll(/name="s" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(offered).toHaveLength(11);
    for (const value of offered) {
      const { submitted } = parseFormPost([field], new URLSearchParams([['s', value]]));
      expect(checkAnswers([field], submitted).errors).toEqual([]);
    }
  });
});

describe('renderDeliveryMessage', () => {
  const base = {
    language: 'es' as Language,
    clinicName: 'Clínica Mar',
    patientFirstName: 'Núria',
    formName: 'PHQ-9',
    link: 'https://engage.example/f/tok_9f8e7d?utm=x&lang=es',
  };

  it('WhatsApp: greets by name, names clinic and form, the link alone on its line', () => {
    const out = renderDeliveryMessage({
      ...base,
      channel: 'whatsapp',
      message: 'Antes del jueves.',
    });
    expect(out.subject).toBeUndefined();
    expect(out.html).toBeUndefined();
    expect(out.text).toBe(
      [
        '¡Hola, Núria!',
        'Clínica Mar le envía el formulario *PHQ-9*.',
        'Antes del jueves.',
        `Puede responderlo en este enlace:\n${base.link}`,
        'Le llevará solo unos minutos. El enlace es personal: por favor, no lo comparta con nadie.',
      ].join('\n\n'),
    );
    expect(out.text.split('\n')).toContain(base.link);
  });

  it('WhatsApp: leaves out a missing or blank message', () => {
    const a = renderDeliveryMessage({ ...base, channel: 'whatsapp' });
    const b = renderDeliveryMessage({ ...base, channel: 'whatsapp', message: '  \n ' });
    expect(a.text).toBe(b.text);
    expect(a.text).not.toContain('\n\n\n');
  });

  it('e-mail: subject, plain text and an escaped HTML body with a button-like link', () => {
    const out = renderDeliveryMessage({
      ...base,
      channel: 'email',
      formName: 'PHQ-9 <b>',
      clinicName: 'Clínica "Mar" & Sol',
      message: 'Línea 1\nLínea <2>',
    });
    expect(out.subject).toBe('Formulario «PHQ-9 <b>» de Clínica "Mar" & Sol');
    expect(out.text).toContain(`\n${base.link}\n`);
    expect(out.text).toContain('Línea 1\nLínea <2>');
    expect(out.text.endsWith('Un saludo,\nClínica "Mar" & Sol')).toBe(true);
    const html = out.html!;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`href="${escapeHtml(base.link)}"`);
    expect(html).toContain('>Responder el formulario</a>');
    expect(html).toContain('PHQ-9 &lt;b&gt;');
    expect(html).toContain('Clínica &quot;Mar&quot; &amp; Sol');
    expect(html).toContain('Línea 1<br>\nLínea &lt;2&gt;');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<script/i);
  });

  it('keeps line breaks in names out of the subject', () => {
    const out = renderDeliveryMessage({ ...base, channel: 'email', formName: 'A\r\nBcc: x@y' });
    expect(out.subject).toBe('Formulario «A Bcc: x@y» de Clínica Mar');
  });

  it('speaks each language', () => {
    const texts = LANGUAGES.map((language) => ({
      language,
      whatsapp: renderDeliveryMessage({ ...base, language, channel: 'whatsapp' }),
      email: renderDeliveryMessage({ ...base, language, channel: 'email', message: 'Hi' }),
    }));
    for (const { whatsapp, email } of texts) {
      expect(whatsapp.text).toContain(base.link);
      expect(whatsapp.text).toContain('Núria');
      expect(whatsapp.text).toContain('*PHQ-9*');
      expect(email.text).toContain(base.link);
      expect(email.text).toContain('Hi');
      expect(email.subject).toContain('PHQ-9');
      expect(email.subject).toContain('Clínica Mar');
    }
    const [es, ca, en] = texts;
    expect(ca!.email.subject).toBe('Clínica Mar: formulari «PHQ-9»');
    expect(ca!.whatsapp.text).toContain('Clínica Mar li envia el formulari *PHQ-9*.');
    expect(ca!.email.html).toContain('>Respondre el formulari</a>');
    expect(en!.email.subject).toBe('“PHQ-9” form from Clínica Mar');
    expect(en!.whatsapp.text.startsWith('Hello Núria,')).toBe(true);
    expect(en!.email.html).toContain('<html lang="en">');
    expect(new Set([es, ca, en].map((t) => t!.whatsapp.text)).size).toBe(3);
  });

  it('does not break WhatsApp bold on a form name with an asterisk', () => {
    const out = renderDeliveryMessage({ ...base, channel: 'whatsapp', formName: 'Dolor*' });
    expect(out.text).toContain('el formulario Dolor*.');
  });
});
