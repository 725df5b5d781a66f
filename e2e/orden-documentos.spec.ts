import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, login, shot } from './helpers';

/** Spec 1 §2.9–2.10: the order PDF, and the attachments block of the order view. */

const CLIENT = `Basic ${Buffer.from('obra-web:obra').toString('base64')}`;

interface ApiSession {
  headers: Record<string, string>;
  id_usuario: number;
}

async function apiLogin(request: APIRequestContext, username: string): Promise<ApiSession> {
  const res = await request.post('/api/oauth/token', { headers: { Authorization: CLIENT }, form: { username, password: PASSWORD, grant_type: 'password' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { access_token: string; id_usuario: number } };
  return { id_usuario: data.id_usuario, headers: { Authorization: `Bearer ${data.access_token}`, usuId: String(data.id_usuario), pveId: '', cliId: '' } };
}

async function apiPost<T>(request: APIRequestContext, s: ApiSession, path: string, data: object): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: s.headers, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

const RUN = Date.now().toString(36).toUpperCase();
let orden: { id_orden: number; codigo: string };
let admin: ApiSession;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'admin@andina.pe');
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const contabilidad = await apiLogin(request, 'contabilidad@andina.pe');
  const lists = await apiPost<{ centros_costo: { id_centro_costo: number; codigo: string }[]; unidades_medida: { unm_id: number }[] }>(
    request, admin, '/app/getData', { listas: ['centros_costo', 'unidades_medida'] });
  const cec = lists.centros_costo.find((c) => c.codigo === 'CC-PL-01') ?? lists.centros_costo[0];
  const proveedores = await apiPost<{ data: { id_proveedor: number }[] }>(request, admin, '/proveedor/list', { search: '', start: 0, length: 5 });
  orden = await apiPost(request, admin, '/orden/register-orden', {
    tipo_orden: 1, es_importacion: 0,
    centro_costo: { id_centro_costo: cec.id_centro_costo }, proveedor: { id_proveedor: proveedores.data[0].id_proveedor },
    moneda: { id_moneda: 1 }, condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín', referencia: `Documentos ${RUN}`, descuento: 0, tipo_descuento: 1,
    contabilidad: { id_usuario: contabilidad.id_usuario }, administrador: { id_usuario: admin.id_usuario }, gerencia: { id_usuario: gerencia.id_usuario },
    orden_items: [{ descripcion: 'Cemento Portland tipo I', unidad: { id_unidad: lists.unidades_medida[0].unm_id }, cantidad: 4, precio_unitario: 250 }],
  });
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
  await expect(row).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
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
