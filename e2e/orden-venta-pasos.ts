import { limaDate } from '@obra/domain';
import { expect, type Locator, type Page } from '@playwright/test';

/** Steps and data of the sales order flows (e2e/orden-venta.spec.ts). */

/** A toast of the top-right notification area. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-notification-notice', { hasText: text }).first();

/** An option of the open select dropdown whose title starts with `text`. */
export const option = (page: Page, text: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${text}"]`).first();

/** Types in a remote-search select and picks the option that appears. */
export async function buscarYElegir(page: Page, combobox: Locator, typed: string, pick: string) {
  await combobox.click();
  await combobox.fill(typed);
  await option(page, pick).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Picks an option of a select by clicking it; `typed` narrows a searchable one first. */
export async function elegir(page: Page, combobox: Locator, pick: string, typed?: string) {
  await combobox.click();
  if (typed) await combobox.fill(typed);
  await option(page, pick).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Answers a confirmation dialog titled `question` with `button`. */
export async function confirmar(page: Page, question: string, button: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A Lima date `days` from today as the pickers show it (DD/MM/YYYY). */
export const dmy = (days: number) => dmyApi(days).replaceAll('-', '/');

/** The same date as the API's payloads write it (DD-MM-YYYY, the spec's form). */
export function dmyApi(days: number): string {
  const d = new Date(`${limaDate()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const iso = d.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** A small real PDF (the server checks the content, not the name). */
export const pdfMinimo = (texto: string) => Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${texto}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

/** The list's row of order `ovtId` after searching it by ID (Enter). */
export async function filaDePedido(page: Page, ovtId: number) {
  const id = page.getByRole('search', { name: 'Filtros' }).getByLabel('ID', { exact: true });
  await id.fill(String(ovtId));
  await id.press('Enter');
  const fila = page.locator('tr.ant-table-row', { has: page.getByRole('cell', { name: String(ovtId), exact: true }) });
  await expect(fila).toHaveCount(1);
  return fila;
}

/** Opens the view popup of order `ovtId` from the list. */
export async function verPedido(page: Page, ovtId: number) {
  await page.goto('/ordenVenta');
  await (await filaDePedido(page, ovtId)).getByRole('button', { name: `Ver pedido ${ovtId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ver Pedido de Venta N° ${ovtId}` });
  await expect(dialog.getByRole('table', { name: 'Pagos del pedido' })).toBeVisible();
  return dialog;
}
