import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiLogin, crearOrden, type ApiSession } from './api';
import { login, shot } from './helpers';

/** Spec 1 §2.9–2.10: the order PDF, and the attachments block of the order view. */

const RUN = Date.now().toString(36).toUpperCase();
let orden: { id_orden: number; codigo: string };
let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'admin@andina.pe');
  orden = await crearOrden(request, { referencia: `Documentos ${RUN}` });
});

// A small real PDF (the server checks the type on the content), padded so the size shows in kB.
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(12_000, 0x20), Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n')]);
const FILE_NAME = 'Cotización año 2026.pdf';

test('attaches a file to the order, lists it and downloads it back', async ({ page }) => {
  await login(page, 'logistica@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  await expect(page.getByRole('heading', { name: `Orden de Compra ${orden.codigo}` })).toBeVisible();
  const card = page.locator('.ant-card').filter({ hasText: 'Archivos adjuntos' });
  await expect(card.getByText('No hay archivos adjuntos')).toBeVisible();

  await expect(card.getByRole('button', { name: 'Adjuntar archivo' })).toBeVisible();
  await card.locator('input[type=file]').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Se adjuntó el archivo')).toBeVisible();
  const row = card.getByRole('row', { name: new RegExp(FILE_NAME) });
  await expect(row).toContainText('12.1 kB');
  await expect(row).toContainText('Jorge Huamán Torres');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await shot(page, 'orden-archivos');

  // A file that is not a PDF, renamed .pdf, is refused with the server's message.
  await card.locator('input[type=file]').setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ esto no es un PDF') });
  await expect(page.getByText('El archivo debe ser PDF, JPG, PNG, Excel (.xlsx) o Word (.docx)')).toBeVisible();
  await expect(card.getByRole('row')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Descargar ${FILE_NAME}` }).click()]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  const saved = await readFile(await download.path());
  expect(saved.length).toBe(PDF.length);
  expect(Buffer.compare(saved, PDF)).toBe(0);
});

test('downloads the order PDF named by its code', async ({ page }) => {
  const res = await page.request.get('/api/orden/download', { headers: { ...admin.headers, idOrden: String(orden.id_orden) } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toContain(`filename="${orden.codigo}.pdf"`);
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the viewer sees and downloads attachments but cannot attach', async ({ page }) => {
  await login(page, 'visualizador@andina.pe');
  await page.goto(`/orden/view/${orden.id_orden}`);
  const card = page.locator('.ant-card').filter({ hasText: 'Archivos adjuntos' });
  const row = card.getByRole('row', { name: new RegExp(FILE_NAME) });
  await expect(row).toBeVisible();
  await expect(card.getByRole('button', { name: 'Adjuntar archivo' })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Descargar ${FILE_NAME}` }).click()]);
  expect((await readFile(await download.path())).length).toBe(PDF.length);
  await shot(page, 'orden-archivos-visualizador');
});
