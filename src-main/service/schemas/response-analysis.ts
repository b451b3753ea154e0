import { Type, type Static } from 'typebox';
import type { InstrumentKey, ScoreBand } from '../domain/instrument-scores';
import type { FieldType } from './clinical-form';
import { DateRangeQuery } from './common';
import { LANGUAGES } from './form-schedule';

/**
 * The desktop app's views of a form's responses: the measures over time (trend and distribution)
 * and the CSV export. Desktop operations only; the HTTP API lists responses as the spec says.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });

const ResponseScope = {
  formId: Id,
  patientId: Type.Optional(Id),
  ...DateRangeQuery,
};

export const ResponseAnalysisInput = Type.Object(ResponseScope, { additionalProperties: false });
export type ResponseAnalysisInput = Static<typeof ResponseAnalysisInput>;

export const ResponseExportInput = Type.Object(
  {
    ...ResponseScope,
    /** Language of the fixed headers, yes/no and severity words; default the app's language. */
    language: Type.Optional(Type.Enum([...LANGUAGES], { type: 'string' })),
  },
  { additionalProperties: false },
);
export type ResponseExportInput = Static<typeof ResponseExportInput>;

/** A number or slider field of the form, charted by its answers. */
export interface FieldMeasure {
  kind: 'field';
  /** The field id (ids never contain a colon, so they never clash with a score's key). */
  key: string;
  fieldId: string;
  type: Extract<FieldType, 'number' | 'slider'>;
  label: string;
  min?: number;
  max?: number;
  step?: number;
}

/** A scored instrument's total, charted with its severity bands. */
export interface ScoreMeasure {
  kind: 'score';
  /** `score:phq9`, `score:gad7`. */
  key: string;
  instrument: InstrumentKey;
  /** PHQ-9, GAD-7: the instrument's own name, the same in every language. */
  label: string;
  min: 0;
  max: number;
  bands: ScoreBand[];
}

export type ResponseMeasure = FieldMeasure | ScoreMeasure;

/** One response's values, by measure key; a measure it has no value for is left out. */
export interface AnalysisPoint {
  responseId: string;
  patientId: string;
  completedAt: string;
  values: Record<string, number>;
}

/** What the domain computes; the operation adds each point's patient name (`P`). */
export interface ResponseAnalysisOf<P extends AnalysisPoint = AnalysisPoint> {
  formId: string;
  formName: string;
  measures: ResponseMeasure[];
  /** Oldest first. When `truncated`, the newest `limit` responses in the scope. */
  points: P[];
  /**
   * Each patient's latest response in the scope (the distribution across patients), newest
   * first. When `latestTruncated`, the `limit` patients who answered most recently.
   */
  latest: P[];
  truncated: boolean;
  latestTruncated: boolean;
  /** The cap on `points` and on `latest`. */
  limit: number;
}

export interface ResponseExport {
  /** A safe file name: the form's name, the scope's dates and `.csv`. */
  filename: string;
  /** UTF-8 text starting with a byte order mark, CRLF line ends (RFC 4180). */
  csv: string;
  /** Data rows (the header not counted). */
  rows: number;
}
