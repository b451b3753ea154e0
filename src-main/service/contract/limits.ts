/**
 * Limits the window states before acting (issue 19: "any limit is stated before acting, never
 * silent"), declared once for the service's schemas and the window's messages alike.
 */

/**
 * The most patients one bulk action takes: "select all N matching" keeps the first this many (in the
 * list's order) and says so. Ten thousand is several times a large clinic's daily work, keeps a
 * selection's ids well under a megabyte, and a re-tag of them one transaction of about a second.
 */
export const PATIENT_SELECTION_LIMIT = 10_000;

/**
 * The shortest passphrase a clinic archive takes (docs/data-safety.md): length is the one
 * rule, as NIST SP 800-63B advises, with no composition rules and no strength meter. Twelve
 * characters (three or four words) against PBKDF2-HMAC-SHA512 at 256,000 rounds put an offline
 * guess of the archive well beyond a stolen laptop's worth.
 */
export const ARCHIVE_PASSPHRASE_MIN_LENGTH = 12;
/** The longest: a passphrase is typed, not a file pasted in. */
export const ARCHIVE_PASSPHRASE_MAX_LENGTH = 1024;
