import type { Language } from '../schemas/form-schedule';
import { escapeHtml } from './html';
import { pageText } from './page-text';
import { PAGE_CSS } from './page-style';

export interface PageShellInput {
  language: Language;
  clinicName: string;
  /** Plain text; the clinic name is appended. */
  title: string;
  /** Markup for inside `<main>`, already escaped by the caller. */
  main: string;
  /** The page's styles (the chat page adds its own); the patient pages' by default. */
  css?: string;
}

/**
 * The one document every patient page is: no script, nothing fetched from elsewhere (the empty
 * data: icon stops the browser asking for /favicon.ico), kept out of search engines, and sending no
 * Referer, since the page address carries the patient's personal token.
 */
export function renderPageShell(input: PageShellInput): string {
  const clinic = escapeHtml(input.clinicName);
  return `<!doctype html>
<html lang="${escapeHtml(input.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(input.title)} – ${clinic}</title>
<link rel="icon" href="data:,">
<style>${input.css ?? PAGE_CSS}</style>
</head>
<body>
<header class="header"><p class="header-name">${clinic}</p></header>
<main class="page">
${input.main}
</main>
<footer class="footer"><p>${escapeHtml(pageText(input.language).footer(input.clinicName))}</p></footer>
</body>
</html>
`;
}
