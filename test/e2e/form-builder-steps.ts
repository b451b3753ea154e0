import type { Locator, Page } from 'playwright-core';

/** The builder's question card number `n` (1-based), a group named "Pregunta n: …". */
export const question = (page: Page, n: number): Locator =>
  page.getByRole('group', { name: new RegExp(`^Pregunta ${n}:`) });

/** Adds a question of `type` and types its text (the new question's text box has focus). */
export async function addQuestion(page: Page, type: string, label: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Añadir una pregunta' })
    .getByRole('button', { name: type, exact: true })
    .click();
  await page.keyboard.type(label);
}
