import type { InstrumentKey } from '../domain/instrument-scores';
import type { Language } from '../schemas/form-schedule';

/**
 * One published wording of a validated instrument, kept word for word: a form made from it is
 * a validated instrument whose items, options and instruction no coordinator can rewrite.
 */
export interface InstrumentEdition {
  /** Stable id, stored with the form: instrument, language, the version's country. */
  id: string;
  instrument: InstrumentKey;
  language: Language;
  /** The form's name when it is added (the name may be changed; it is not part of the wording). */
  title: string;
  /** What the patient reads before the items (the form's description). */
  instruction: string;
  /** The four answers of every item, scoring 0 to 3 in this order. */
  options: readonly [string, string, string, string];
  /** The items in order: `<instrument>_1` … */
  items: readonly string[];
  /** An unscored question the instrument ends with (PHQ-9's "how difficult…"). */
  difficulty?: { id: string; label: string; options: readonly string[] };
  /** The line the patient page shows under the form (authors, permission). */
  attribution: string;
  source: {
    /** Who publishes this wording: a name or a citation, the same in every language. */
    publisher: string;
    /** The country the wording was made for (its spelling and idiom): `US`, `ES`. */
    region: 'US' | 'ES';
    /**
     * `verbatim`: compared word for word with the publisher's form; `reproductions`: with
     * independent reproductions of it that agree, not with the publication itself.
     */
    checked: 'verbatim' | 'reproductions';
  };
}
