import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo.2026';

export async function login(page: Page, user: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(user);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/** Where screenshots of the flows go (kept as CI artefacts). */
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

/** A module group of the top menu. */
export const menuItem = (page: Page, group: string) =>
  page.getByRole('menu', { name: 'Menú principal' }).getByRole('menuitem', { name: group, exact: true });

/**
 * Escape closes the top popup. A select's dropdown still animating closed counts as a popup
 * for a few frames and takes the first Escape, so press until `popup` is gone (as a user would).
 */
export async function closeWithEscape(page: Page, popup: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Closes a popup whose form was changed: Escape (or `closer`, e.g. its Cerrar button) asks
 * '¿Descartar los cambios?' first (ui/FormModal), and Descartar closes it.
 */
export async function discardChanges(page: Page, popup: Locator, closer?: Locator) {
  await (closer ? closer.click() : page.keyboard.press('Escape'));
  const ask = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
  await ask.getByRole('button', { name: 'Descartar' }).click();
  await expect(popup).toBeHidden();
}

/** The options of the antd select dropdown open now. */
export const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** The option of the open dropdown whose text is exactly `text`. */
export const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`);

/** Picks an option of an antd select by its visible text. */
export async function choose(page: Page, scope: Locator, label: string, text: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await option(page, text).click();
}

/** The table row with a cell reading exactly `name`. */
export const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** A list screen's filter bar. */
export const filtros = (page: Page) => page.getByRole('search', { name: 'Filtros' });

/** Clicks `boton` and returns the file the page saves: the name it suggests and its bytes. */
export async function descargar(page: Page, boton: Locator): Promise<{ nombre: string; contenido: Buffer }> {
  const descarga = page.waitForEvent('download');
  await boton.click();
  const archivo = await descarga;
  return { nombre: archivo.suggestedFilename(), contenido: readFileSync(await archivo.path()) };
}
