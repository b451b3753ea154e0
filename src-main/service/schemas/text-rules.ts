import type { TextRule } from './common';

/**
 * The text rules every string of the interface follows (TextRule in common.ts): checked on every
 * request by the validator (http/validation.ts) and by the domain where input arrives without a
 * schema (the CLI's key names).
 */

// eslint-disable-next-line no-control-regex
const CONTROL_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const INVISIBLE = /[\u200b\u2060\ufeff]/u;
/** A letter that shows: the Hangul fillers are letters (Lo) that draw nothing. */
const VISIBLE_LETTER = /(?![\u115f\u1160\u3164\uffa0])\p{L}/u;

export interface TextProblem {
  code: 'control_character' | 'bidi_control' | 'invisible_character' | 'no_letter';
  /** Completes "<field> …". */
  detail: string;
}

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Whether `value` follows `rule`, and what is wrong when it does not. */
export function textProblem(value: string, rule: TextRule): TextProblem | undefined {
  const control = (rule === 'multiline' ? CONTROL_MULTILINE : CONTROL_LINE).exec(value);
  if (control) {
    return {
      code: 'control_character',
      detail:
        rule === 'multiline'
          ? `must not contain control characters other than tab and line breaks (found ${codePoint(control[0])} at position ${control.index}).`
          : `must be a single line without control characters (found ${codePoint(control[0])} at position ${control.index}).`,
    };
  }
  if (rule !== 'name') return undefined;
  const bidi = BIDI_CONTROL.exec(value);
  if (bidi) {
    return {
      code: 'bidi_control',
      detail: `must not contain bidirectional embedding, override or isolate controls (${codePoint(bidi[0])}), which make text display in another order than it is stored.`,
    };
  }
  const invisible = INVISIBLE.exec(value);
  if (invisible) {
    return {
      code: 'invisible_character',
      detail: `must not contain invisible characters (${codePoint(invisible[0])}).`,
    };
  }
  if (!VISIBLE_LETTER.test(value)) {
    return { code: 'no_letter', detail: 'must contain at least one letter.' };
  }
  return undefined;
}
