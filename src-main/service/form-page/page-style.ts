import { createHash } from 'node:crypto';

/**
 * The only styles the patient pages have, inlined so a page is one request and works on a poor
 * mobile connection. Mobile first; colours keep at least 4.5:1 for text and 3:1 for control
 * borders (WCAG 2.2 AA), touch targets are at least 44px and the focus ring is thick and
 * two-toned so it shows on white and on the blue button alike.
 */
export const PAGE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { color-scheme: light; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: #f3f2f1;
  color: #0b0c0c;
  font: 1.125rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: #1d4f91; text-underline-offset: 0.15em; }
:focus-visible { outline: 3px solid #0b0c0c; outline-offset: 2px; box-shadow: 0 0 0 2px #ffdd00; }
.header { background: #1d4f91; color: #fff; padding: 0.75rem 1rem; }
.header-name { max-width: 40rem; margin: 0 auto; font-weight: 700; overflow-wrap: anywhere; }
.page { display: block; max-width: 40rem; margin: 0 auto; padding: 1.5rem 1rem 2rem; background: #fff; }
.footer { max-width: 40rem; margin: 0 auto; padding: 1.5rem 1rem 2.5rem; color: #505a5f; font-size: 1rem; }
.footer p { margin: 0; overflow-wrap: anywhere; }
h1 { margin: 0 0 1rem; font-size: 1.75rem; line-height: 1.25; overflow-wrap: anywhere; }
p { margin: 0 0 1rem; }
.description { margin-bottom: 1.5rem; }
.attribution { margin: 2rem 0 0; color: #505a5f; font-size: 0.875rem; }
.field { margin: 0 0 2rem; }
.field--error { border-left: 5px solid #b10e1e; padding-left: 0.75rem; }
fieldset { min-width: 0; margin: 0; padding: 0; border: 0; }
legend { padding: 0; }
.question { display: block; margin-bottom: 0.5rem; font-weight: 700; white-space: pre-line; overflow-wrap: anywhere; }
.marker { font-weight: 400; color: #505a5f; white-space: nowrap; }
.hint { margin: 0 0 0.75rem; color: #505a5f; white-space: pre-line; }
.error-message { margin: 0 0 0.75rem; color: #b10e1e; font-weight: 700; }
input[type="number"], input[type="date"], select, textarea {
  display: block;
  width: 100%;
  min-height: 2.75rem;
  margin: 0;
  padding: 0.5rem;
  border: 2px solid #0b0c0c;
  border-radius: 0;
  background: #fff;
  color: inherit;
  font: inherit;
}
input[type="number"] { max-width: 12rem; }
input[type="date"] { max-width: 14rem; }
textarea { min-height: 8rem; resize: vertical; }
[aria-invalid="true"] { border-color: #b10e1e; }
input, select, textarea { scroll-margin-top: 8rem; }
.options { margin: 0; padding: 0; }
.option { display: flex; align-items: flex-start; gap: 0.75rem; }
.option input { flex: none; width: 1.75rem; height: 1.75rem; margin: 0.625rem 0; accent-color: #1d4f91; cursor: pointer; }
.option label { flex: 1; min-height: 2.75rem; padding: 0.5rem 0; cursor: pointer; overflow-wrap: anywhere; }
.scale { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.scale-option { position: relative; }
.scale-option input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
.scale-option label {
  display: flex;
  align-items: center;
  justify-content: center;
  min-width: 3rem;
  height: 3rem;
  padding: 0 0.5rem;
  border: 2px solid #0b0c0c;
  border-radius: 0.375rem;
  background: #fff;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
}
.scale-option input:checked + label { background: #1d4f91; border-color: #1d4f91; color: #fff; text-decoration: underline; }
.scale-option input:focus-visible + label { outline: 3px solid #0b0c0c; outline-offset: 2px; box-shadow: 0 0 0 2px #ffdd00; }
.scale-option input[aria-invalid="true"] + label { border-color: #b10e1e; }
.button {
  display: block;
  width: 100%;
  min-height: 3rem;
  padding: 0.75rem 1.5rem;
  border: 0;
  border-radius: 0.375rem;
  background: #1d4f91;
  box-shadow: 0 3px 0 #0b0c0c;
  color: #fff;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
}
.button:hover { background: #163d70; }
.error-summary { margin: 0 0 2rem; padding: 1rem; border: 5px solid #b10e1e; }
.error-summary:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
.error-summary h2 { margin: 0 0 0.75rem; font-size: 1.375rem; line-height: 1.3; }
.error-summary ul { margin: 0; padding: 0; list-style: none; }
.error-summary li { margin: 0 0 0.5rem; }
.error-summary a, .error-summary li { color: #b10e1e; font-weight: 700; }
.error-summary-question { display: block; font-weight: 400; color: #0b0c0c; overflow-wrap: anywhere; }
.visually-hidden {
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  margin: 0 !important;
  padding: 0 !important;
  overflow: hidden !important;
  clip: rect(0 0 0 0) !important;
  clip-path: inset(50%) !important;
  border: 0 !important;
  white-space: nowrap !important;
}
@media (min-width: 40rem) {
  .page { margin-top: 2rem; padding: 2rem 2.5rem 2.5rem; border-radius: 0.5rem; }
  .footer { padding-left: 2.5rem; padding-right: 2.5rem; }
  .button { display: inline-block; width: auto; }
  h1 { font-size: 2.25rem; }
}
@media (forced-colors: active) {
  .scale-option input:checked + label { outline: 4px solid Highlight; }
  .field--error { border-left-color: CanvasText; }
}
`;

/**
 * The page's Content-Security-Policy: the hash admits exactly the inline style block above and no
 * script can run, so escaping mistakes in patient-supplied text cannot turn into code.
 */
export const FORM_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_CSS, 'utf8').digest('base64')}'`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
