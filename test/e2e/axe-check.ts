import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The accessibility check every e2e test may call: axe-core over what is on screen, failing on a
 * critical or serious violation (issue 19). Rules are never switched off for our own components:
 * a violation is fixed where it is caused. A part of the page may be left out only when it is a
 * third-party widget we cannot change, with the reason written beside it in THIRD_PARTY below.
 */

/** What a violation is reported with: enough to find the element and read the rule. */
export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** Impacts that fail a check. Moderate and minor ones are returned by axeProblems, not failed. */
const FAILING = new Set(['critical', 'serious']);

/** axe's experimental rules worth failing on (the others only guess at intent). */
const EXPERIMENTAL = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * Third-party widgets left out of the check, each with why. Empty while none needs it: the API
 * reference (Scalar) is checked like the rest, its contrast and names fixed in our own styles.
 */
const THIRD_PARTY: readonly { selector: string; reason: string }[] = [];

/**
 * Runs axe on the page (or inside `within`, e.g. an open dialog) and answers every violation of
 * the WCAG 2.x A/AA rules and axe's best practices.
 */
export async function axeProblems(page: Page, within?: string): Promise<AxeProblem[]> {
  // Every rule, the experimental ones too (label-content-name-mismatch: a button's spoken name
  // must contain its visible text, for voice control). Frames are left out: the window's one
  // frame is the form builder's preview, sandboxed without scripts, where axe cannot run (the
  // run would wait for it for ever); the page it shows is the patient's form page, which
  // accessibility.e2e.ts checks on its own address.
  let builder = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL.map((id) => [id, { enabled: true }])) })
    .exclude('iframe');
  if (within) builder = builder.include(within);
  for (const part of THIRD_PARTY) builder = builder.exclude(part.selector);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
  }));
}

/** One line per violation: the rule, its impact, what it asks, where, and where to read more. */
export function describeProblems(problems: readonly AxeProblem[]): string {
  return problems
    .map(
      (p) =>
        `[${p.impact}] ${p.rule}: ${p.help}\n    ${p.helpUrl}\n` +
        p.targets.map((t) => `    at ${t}`).join('\n'),
    )
    .join('\n');
}

/**
 * Fails with every critical and serious violation on the page, named by `where` (the screen or
 * dialog), with each rule id, impact, target and help URL in the message.
 */
export async function expectAccessible(page: Page, where: string, within?: string): Promise<void> {
  const failing = (await axeProblems(page, within)).filter((p) => FAILING.has(p.impact));
  if (failing.length)
    throw new Error(`accessibility violations on ${where}:\n${describeProblems(failing)}`);
}
