import { createHash } from 'node:crypto';
import { PAGE_CSS } from '../form-page/page-style';

/**
 * The chat page's styles: the patient pages' own (PAGE_CSS) and the conversation's bubbles,
 * mobile first. The patient's messages sit on the right in blue, the assistant's on the left in
 * grey, each with who wrote it in words (colour is never the only cue); an urgent answer wears a
 * thick red border.
 */
export const CHAT_PAGE_CSS = `${PAGE_CSS}
.intro { margin-bottom: 0.5rem; }
.emergency { font-weight: 700; }
.messages { margin: 1.5rem 0; padding: 0; list-style: none; }
.message { display: flex; margin: 0 0 1rem; }
.message--patient { justify-content: flex-end; }
.bubble { max-width: 85%; padding: 0.75rem 1rem; border-radius: 0.75rem; overflow-wrap: anywhere; }
.message--assistant .bubble { background: #f3f2f1; border: 1px solid #b1b4b6; border-bottom-left-radius: 0.25rem; }
.message--patient .bubble { background: #1d4f91; color: #fff; border-bottom-right-radius: 0.25rem; }
.message--escalated .bubble { border: 4px solid #b10e1e; background: #fff; color: #0b0c0c; }
.author { display: block; margin: 0 0 0.25rem; font-size: 0.875rem; font-weight: 700; }
.bubble p { margin: 0 0 0.5rem; }
.bubble p:last-child { margin-bottom: 0; }
.composer { margin-top: 1.5rem; }
.composer label { display: block; margin-bottom: 0.25rem; font-weight: 700; }
.composer textarea { min-height: 6rem; margin-bottom: 1rem; }
@media (forced-colors: active) {
  .message--escalated .bubble { border-color: CanvasText; }
}
`;

/**
 * As strict as the form page's: nothing from anywhere, the one inline style block admitted by
 * its hash, no script at all (the page needs none: see api-decisions, "Chat links"), and posts
 * only to itself. Escaping mistakes in the patient's own words cannot turn into code.
 */
export const CHAT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CHAT_PAGE_CSS, 'utf8').digest('base64')}'`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
