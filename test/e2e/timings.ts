import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './harness';

/**
 * The e2e timing report: how long the window took to answer a click, measured inside the page
 * (performance.now() from the click to the frame where the answer is on screen), one JSON line
 * per measure in test-artifacts/e2e/timings.jsonl. Reported, never asserted: a loaded CI machine
 * must not fail a test for being slow (docs/benchmarks.md reads the figures).
 */
export function recordTiming(name: string, ms: number): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  appendFileSync(
    join(ARTIFACTS, 'timings.jsonl'),
    `${JSON.stringify({ name, ms: Math.round(ms * 10) / 10, at: new Date().toISOString() })}\n`,
  );
  process.stdout.write(`timing ${name}: ${ms.toFixed(1)} ms\n`);
}

/**
 * Clicks the element `click` selects and waits, frame by frame, until `done` holds in the page;
 * answers the milliseconds between the two as the page measured them.
 */
export async function timeClick(
  page: Page,
  click: string,
  done: string,
  timeoutMs = 20_000,
): Promise<number> {
  // Written as page text: this suite compiles without the DOM's types.
  const script = `new Promise((resolve, reject) => {
    const target = document.querySelector(${JSON.stringify(click)});
    if (!target) return reject(new Error('nothing matches ' + ${JSON.stringify(click)}));
    const check = () => (${done});
    const start = performance.now();
    target.click();
    const frame = () => {
      if (check()) return resolve(performance.now() - start);
      if (performance.now() - start > ${timeoutMs}) return reject(new Error('timed out waiting'));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`;
  return page.evaluate<number>(script);
}
