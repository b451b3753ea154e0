import type { Page } from 'playwright-core';
import { LANGUAGES, type AppLanguage } from '../../src-renderer/src/i18n/messages';
import { resourcesFor } from '../../src-renderer/src/i18n/resources';

/**
 * What a coordinator must never see on a screen: a raw ISO timestamp, a raw id where the record
 * has a name, or a string of another language's catalogue. Text inside `code`, `pre`, `kbd`,
 * `samp` and anything marked `translate="no"` (the API reference, a message body exactly as the
 * patient received it, a curl command) is data, not interface, and is left out.
 */
export interface TextProblem {
  kind: 'iso-timestamp' | 'raw-id' | 'foreign-string';
  text: string;
  detail?: string;
}

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Every id the service mints: `<prefix>_<ULID>` (src-main/service/ids.ts). */
const RAW_ID =
  /\b(?:pat|conv|msg|sch|form|resp|call|wh|evt|key|dlv|led|out|ntf|alert)_[0-9A-HJKMNP-TV-Z]{26}\b/;

/**
 * The strings shown to people: visible text nodes and the accessible names people hear. Sent as
 * source text, since this file is compiled for Node (no DOM types) and runs in the page.
 */
const VISIBLE_TEXTS = `(() => {
  const skip = 'code, pre, kbd, samp, script, style, [translate="no"], [aria-hidden="true"]';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent && node.textContent.trim();
    if (!parent || !text || parent.closest(skip)) continue;
    if (parent.getClientRects().length === 0) continue; // not rendered
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (el.closest(skip)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  return out;
})()`;

async function visibleTexts(page: Page): Promise<string[]> {
  return (await page.evaluate(VISIBLE_TEXTS)) as string[];
}

function flatten(tree: unknown, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else if (tree && typeof tree === 'object') for (const v of Object.values(tree)) flatten(v, out);
  return out;
}

/**
 * The pieces of other languages' catalogues that cannot appear in `language`'s UI: each string
 * (split at its {{placeholders}}) that no catalogue of `language` contains, long enough to be a
 * phrase rather than a shared word ("Webhooks", "Chats" and "OK" read the same in all three).
 */
function foreignPhrases(language: AppLanguage): string[] {
  const own = new Set(flatten(resourcesFor(language)));
  const ownText = [...own].join('\n');
  const phrases = new Set<string>();
  for (const other of LANGUAGES) {
    if (other === language) continue;
    for (const text of flatten(resourcesFor(other))) {
      if (own.has(text)) continue;
      for (const piece of text.split(/\{\{[^}]*\}\}/)) {
        const phrase = piece.trim();
        // A phrase of at least two words, or one long word, that the own catalogue never uses.
        const words = phrase.split(/\s+/).filter((w) => /\p{L}/u.test(w));
        if (words.length >= 2 ? phrase.length >= 8 : phrase.length >= 10) {
          if (!ownText.includes(phrase)) phrases.add(phrase);
        }
      }
    }
  }
  return [...phrases];
}

const phrasesCache = new Map<AppLanguage, string[]>();

export async function uiTextProblems(page: Page, language: AppLanguage): Promise<TextProblem[]> {
  let phrases = phrasesCache.get(language);
  if (!phrases) phrasesCache.set(language, (phrases = foreignPhrases(language)));
  const problems: TextProblem[] = [];
  for (const text of await visibleTexts(page)) {
    if (ISO_TIMESTAMP.test(text)) problems.push({ kind: 'iso-timestamp', text });
    const id = RAW_ID.exec(text);
    if (id) problems.push({ kind: 'raw-id', text, detail: id[0] });
    // A phrase of several words is foreign wherever it stands; a lone word only as the whole text
    // (the demo clinic's "Seguimiento postoperatorio" is a form's name, not the form type label).
    // What the window quotes («…», “…”) is the clinic's or a patient's own words (a question of a
    // Spanish form in a Catalan window's alert), not the window's: it is left out of the search.
    const own = text.replace(/«[^»]*»|“[^”]*”/g, ' ');
    const foreign = phrases.find((phrase) =>
      /\s/.test(phrase) ? own.includes(phrase) : own === phrase,
    );
    if (foreign) problems.push({ kind: 'foreign-string', text, detail: foreign });
  }
  return problems;
}
