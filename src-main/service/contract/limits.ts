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
