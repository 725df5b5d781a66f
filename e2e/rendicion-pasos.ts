import { expect, type Locator, type Page } from '@playwright/test';
import { login } from './helpers';

/** Screen steps of the settlement flow that go through the cash screens (spec 2 §2: list, form, detail). */

const field = (label: string) => new RegExp(`^(\\* )?${label}$`);

/** Picks the option containing `text` in the form's select labelled `label`, by typing it. */
export async function elegir(page: Page, label: string, text: string) {
  await page.getByLabel(field(label)).click();
  await page.keyboard.type(text);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${text}"]`).first().click();
}

/** Fills the form's text field labelled `label`. */
export const campo = (page: Page, label: string) => page.getByLabel(field(label));

/** Signs out (the session lives in localStorage) and in again as `user`. */
export async function cambiarUsuario(page: Page, user: string) {
  await page.evaluate(() => localStorage.clear());
  await login(page, user);
}

/** Answers the question `pregunta` with `ok`. */
export async function confirmar(page: Page, pregunta: string, ok: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: pregunta });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The cash list filtered by a code (Enter searches), and that code's row. */
export async function filaDeLista(page: Page, codigo: string): Promise<Locator> {
  await page.goto('/caja');
  const filtro = page.getByRole('search', { name: 'Filtros' }).getByLabel('Código');
  await filtro.fill(codigo);
  await filtro.press('Enter');
  const row = page.getByRole('row').filter({ hasText: codigo });
  await expect(row).toHaveCount(1);
  return row;
}

/** A button of the detail by its text (its icon's name comes first in the accessible name). */
export const boton = (page: Page, text: string) => page.getByRole('button', { name: new RegExp(`^([a-z-]+ )?${text}$`) });

/** The status tag with `text`. */
export const etiqueta = (scope: Page | Locator, text: string) => scope.locator('.ant-tag', { hasText: text });
