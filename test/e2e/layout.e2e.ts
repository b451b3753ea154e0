import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, openApp, webAppSuite } from './harness';
import { DIALOGS, SIDEBAR_SCREENS, prepareChatAndAlert, settled } from './screen-catalogue';

/**
 * The window at the sizes clinics use (docs/desktop.md): a 1366×768 laptop and a 1920×1080
 * screen. Every dialog keeps its primary action in view and uncovered, the chat keeps its Send
 * button whole below a history that takes the height left, and no screen scrolls sideways. The
 * pictures (test-artifacts/e2e/layout-*) are of the window exactly as it is, not the tall
 * whole-screen ones the harness takes.
 */
const suite = webAppSuite();
let chatRoute = '';
beforeAll(async () => {
  chatRoute = await prepareChatAndAlert(suite.app);
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

async function visit(path: string, size: { width: number; height: number }) {
  const opened = await openApp(suite.browser, suite.app, path);
  await opened.page.setViewportSize(size);
  await settled(opened.page);
  return opened;
}

async function picture(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `layout-${name}.png`) });
}

/**
 * Why an element is not fully usable where it is: outside the window, or covered at its centre
 * by something else (what elementFromPoint finds there). Undefined when it is in view and on top.
 */
async function notInView(element: Locator): Promise<string | undefined> {
  const box = await element.boundingBox();
  const viewport = element.page().viewportSize()!;
  if (!box) return 'not rendered';
  if (
    box.x < 0 ||
    box.y < 0 ||
    box.x + box.width > viewport.width ||
    box.y + box.height > viewport.height
  )
    return `outside the ${viewport.width}×${viewport.height} window: ${JSON.stringify(box)}`;
  const covered = await element.evaluate(
    (el, at) => {
      const top = el.ownerDocument.elementFromPoint(at.x, at.y);
      return top && (top === el || el.contains(top))
        ? ''
        : (top?.outerHTML.slice(0, 120) ?? 'none');
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  return covered ? `covered by ${covered}` : undefined;
}

function primaryOf(dialog: Locator, name: string | RegExp): Locator {
  const exact = typeof name === 'string';
  return dialog
    .getByRole('button', { name, exact })
    .or(dialog.getByRole('link', { name, exact }))
    .last();
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  describe(`at ${tag}, every dialog keeps its primary action in view`, () => {
    it.each(DIALOGS.map((d) => [d.name, d] as const))('%s', async (name, dialogCase) => {
      const { context, page } = await visit(dialogCase.path, size);
      const dialog = await dialogCase.open(page);
      await settled(page);
      await picture(page, `${tag}-${name}`);
      expect(await notInView(primaryOf(dialog, dialogCase.primary)), name).toBeUndefined();
      await context.close();
    });

    it('schedule, with many patients chosen: the cost and the button stay in view', async () => {
      const { context, page } = await visit('/deliveries', size);
      const dialog = await DIALOGS.find((d) => d.name === 'schedule')!.open(page);
      // Six patients (the first has no e-mail: the warning about it takes room too).
      const results = dialog.getByRole('group', { name: 'Resultados de la búsqueda' });
      await results.getByRole('checkbox').nth(5).waitFor();
      for (let i = 0; i < 6; i++) await results.getByRole('checkbox').nth(i).check();
      await dialog.getByRole('radio', { name: 'En una fecha y hora' }).first().check();
      await picture(page, `${tag}-schedule-many`);
      expect(await notInView(dialog.getByTestId('schedule-cost'))).toBeUndefined();
      expect(
        await notInView(dialog.getByRole('button', { name: /^Revisar|^Programar envío/ }).last()),
      ).toBeUndefined();
      await context.close();
    });
  });

  describe(`at ${tag}, the chat`, () => {
    it('shows its history in the height left and the whole Send button', async () => {
      const { context, page } = await visit(chatRoute, size);
      const send = page.getByRole('button', { name: 'Enviar', exact: true });
      await send.waitFor();
      await picture(page, `${tag}-chat`);
      expect(await notInView(send)).toBeUndefined();
      // The history takes what is left (more than a quarter of the window: 215 px at 768, where
      // it had 160), and the window itself does not scroll.
      const log = page.getByRole('log');
      const logBox = (await log.boundingBox())!;
      expect(logBox.height).toBeGreaterThan(size.height * 0.28);
      const mainScrolls = await page.evaluate(
        "(() => { const m = document.querySelector('main'); return m.scrollHeight > m.clientHeight + 1; })()",
      );
      expect(mainScrolls).toBe(false);
      await context.close();
    });
  });

  describe(`at ${tag}, no screen scrolls sideways`, () => {
    it.each(SIDEBAR_SCREENS)('%s', async (name, path) => {
      const { context, page } = await visit(path, size);
      if (size.width === 1366) await picture(page, `${tag}-${name}`);
      // Anything wider than the box it scrolls in, other than code (curl lines, the API's own
      // reference, which scroll on purpose).
      const wide = await page.evaluate(`(() => {
        const out = [];
        for (const el of document.querySelectorAll('body, main, main *')) {
          if (el.closest('pre, code, .developer-reference, .chat-meta-context')) continue;
          const style = getComputedStyle(el);
          const scrolls = el === document.body || el.tagName === 'MAIN' ||
            style.overflowX === 'auto' || style.overflowX === 'scroll';
          if (scrolls && el.scrollWidth > el.clientWidth + 1)
            out.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + el.scrollWidth + '>' + el.clientWidth);
        }
        return out;
      })()`);
      expect(wide, name).toEqual([]);
      await context.close();
    });
  });
}
