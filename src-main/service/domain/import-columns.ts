import type { ImportTarget } from '../schemas/patient-import';

/** A header folded for comparison: lower case, no accents, words split by single spaces. */
function fold(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The headers each target is recognised by, in Spanish, Catalan and English as a clinic's
 * spreadsheet writes them (folded: no accents, no punctuation).
 */
const HEADERS: Record<Exclude<ImportTarget, 'ignore'>, readonly string[]> = {
  firstName: ['nombre', 'nom', 'first name', 'firstname', 'given name', 'name', 'nombre de pila'],
  lastName: [
    'apellidos',
    'apellido',
    'primer apellido',
    'cognoms',
    'cognom',
    'last name',
    'lastname',
    'surname',
    'family name',
  ],
  email: [
    'correo',
    'correo electronico',
    'email',
    'e mail',
    'mail',
    'correu',
    'correu electronic',
    'email address',
  ],
  phone: [
    'telefono',
    'telefono movil',
    'movil',
    'celular',
    'telefon',
    'mobil',
    'telefon mobil',
    'phone',
    'mobile',
    'mobile phone',
    'phone number',
    'tel',
    'tlf',
  ],
  dateOfBirth: [
    'fecha de nacimiento',
    'fecha nacimiento',
    'f nacimiento',
    'nacimiento',
    'data de naixement',
    'data naixement',
    'naixement',
    'date of birth',
    'birth date',
    'birthdate',
    'dob',
  ],
  sex: ['sexo', 'sexe', 'sex', 'genero', 'gender'],
  mrn: [
    'nhc',
    'mrn',
    'historia clinica',
    'n historia',
    'n historia clinica',
    'numero de historia',
    'numero historia clinica',
    'medical record number',
    'record number',
  ],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'etiquetes', 'labels'],
};

const BY_HEADER = new Map(
  Object.entries(HEADERS).flatMap(([target, names]) =>
    names.map((name) => [name, target as ImportTarget] as const),
  ),
);

/** A target per column from its header; a target already taken by an earlier column is ignored. */
export function guessColumns(headers: readonly string[]): ImportTarget[] {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const target = BY_HEADER.get(fold(header));
    if (!target || taken.has(target)) return 'ignore';
    taken.add(target);
    return target;
  });
}
