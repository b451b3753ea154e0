import { fold } from './text';

/** The purposes the built-in assistant knows how to follow; anything else is a general check-in. */
export const PURPOSES = ['post_op', 'medication', 'appointment', 'check_in'] as const;
export type Purpose = (typeof PURPOSES)[number];

/** The questions the assistant can ask, one topic per turn. */
export type Topic =
  | 'wellbeing'
  | 'pain'
  | 'fever'
  | 'wound'
  | 'medication'
  | 'side_effects'
  | 'supply'
  | 'attendance'
  | 'preparation'
  | 'symptoms'
  | 'questions';

/** The topics of each purpose, in the order a nurse would ask them. */
export const PLANS: Record<Purpose, readonly Topic[]> = {
  post_op: ['pain', 'fever', 'wound', 'medication', 'questions'],
  medication: ['medication', 'side_effects', 'supply', 'questions'],
  appointment: ['attendance', 'preparation', 'questions'],
  check_in: ['wellbeing', 'pain', 'symptoms', 'medication', 'questions'],
};

export interface ContextReading {
  purpose: Purpose;
  /** usted / vostè rather than tú / tu. */
  formal: boolean;
  /** The team asked for short messages: no pleasantries beyond what is needed. */
  brief: boolean;
}

// Matched against folded text (lower case, no accents), in Spanish, Catalan and English.
const PURPOSE_WORDS: [Purpose, RegExp][] = [
  [
    'post_op',
    /post[-_ ]?op|postoperat|post-?surg|cirug|cirurg|surgery|operaci|operado|operada|operat|intervencio|intervenid|protesis|protesi|replacement|recuperacio|recovery|sutura|punts de|puntos de|stitches|wound|herida|ferida/,
  ],
  [
    'medication',
    /medica|medicament|adheren|adhesio|tratamiento|tractament|pastill|pills?\b|tablets?|dosis|dose|prescri|receta|recepta|insulin|anticoagul|cumplimiento|compliance/,
  ],
  [
    'appointment',
    /\bcita\b|citas\b|appointment|recordatori|reminder|next visit|proxima visita|propera visita|confirm/,
  ],
];

/**
 * Reads the care team's free-text context: which purpose it describes, the register it asks for
 * and whether replies should be brief. Spanish and Catalan clinics address patients formally
 * unless told otherwise.
 */
export function readContext(context: string): ContextReading {
  const text = fold(context);
  let purpose: Purpose = 'check_in';
  let first = Infinity;
  // The purpose named first wins: "post-operative follow-up; ask about medication too".
  for (const [candidate, words] of PURPOSE_WORDS) {
    const at = text.search(words);
    if (at >= 0 && at < first) {
      first = at;
      purpose = candidate;
    }
  }
  const informal =
    /informal|casual|tutea|tutear|de tu\b|tracta de tu|tractar de tu|cercan[oa]|to proper|amigable|amistos|friendly|warm\b|calido|calid\b|colloquial|coloquial|col·loquial/.test(
      text,
    );
  const formal = /\bformal|usted|voste|respetuos|respectuos|respectful/.test(text);
  const brief =
    /brief|short|concise|breve|breu|corto|curt|conciso|concis|pocas palabras|poques paraules/.test(
      text,
    );
  return { purpose, formal: formal || !informal, brief };
}
