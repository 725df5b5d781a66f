import { INVENTARIO_MSG, MSG, SUNAT_MSG, TIPOS_EXISTENCIA, limaDate, type CategoriaTipoExistenciaRow } from '@obra/domain';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, apiPost, type ApiSession } from './api';
import { descargar, login, shot } from './helpers';
import { elegir, toast } from './orden-venta-pasos';

/**
 * Issue 23, SUNAT's PLE 12.1 book (docs/business-rules.md "Tipo de existencia" and "SUNAT PLE 12.1"): on the products
 * screen an administrator changes a category's existence type (tabla 5) in 'Tipos de existencia SUNAT', kept on
 * reopening, and puts it back; a user without the option has no such button. On the inventory screen a corporate user
 * downloads the current month's 'Libro PLE 12.1': SUNAT's file name, ISO-8859-1, CRLF, 19 fields, an opening line per
 * warehouse and product and the demo's three external purchases with their supplier documents; a month that has not
 * begun cannot be chosen, and a project user has no such button (the server refuses both).
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial' });

/** COMPANY_RUC of the demo (server/src/config.ts). */
const RUC = '20547812361';
/** The category changed and put back, and its demo type. */
const CATEGORIA = 'Repuestos';
const TIPO_DEMO = '07 Repuestos';
const TIPO_NUEVO = '05 Materiales auxiliares';

/** The Lima month of `fecha` ('YYYY-MM-DD') moved by `meses`: its year and 2-digit month. */
function mesDe(fecha: string, meses: number): { anio: number; mm: string } {
  const d = new Date(`${fecha.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + meses);
  return { anio: d.getUTCFullYear(), mm: String(d.getUTCMonth() + 1).padStart(2, '0') };
}

/** The existence type of `categoria` as the server keeps it. */
async function tipoGuardado(request: APIRequestContext, s: ApiSession, categoria: string): Promise<CategoriaTipoExistenciaRow> {
  const filas = await apiPost<CategoriaTipoExistenciaRow[]>(request, s, '/categoria-producto/tiposExistencia', {});
  const fila = filas.find((c) => c.cat_nombre === categoria);
  expect(fila, `categoría ${categoria} en los datos de demostración`).toBeTruthy();
  return fila!;
}

/** A call refused by the server: its status and message. */
async function rechazo(request: APIRequestContext, s: ApiSession, ruta: string, data: object): Promise<{ status: number; message: string }> {
  const res = await request.post(`/api${ruta}`, { headers: s.headers, data });
  return { status: res.status(), message: ((await res.json()) as { message: string }).message };
}

test.afterAll(async ({ request }) => {
  // Should the flow stop half-way, the category goes back to its demo type for the later flows of the run.
  const s = await apiLogin(request, 'admin@andina.pe');
  const { cat_id, cat_tipo_existencia } = await tipoGuardado(request, s, CATEGORIA);
  const demo = TIPO_DEMO.slice(0, 2);
  if (cat_tipo_existencia !== demo) {
    await apiPost(request, s, '/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id, cat_tipo_existencia: demo } });
  }
});

/** The popup's row of category `nombre` (the list behind has a 'Categoría' column too). */
const filaCategoria = (dialog: Locator, nombre: string) =>
  dialog.getByRole('row').filter({ has: dialog.page().getByRole('cell', { name: nombre, exact: true }) });

/** 'Tipos de existencia SUNAT' on the products screen: its popup, loaded. */
async function abrirTiposExistencia(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Tipos de existencia SUNAT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tipos de existencia SUNAT' });
  await expect(dialog.getByText('El libro PLE 12.1 informa el tipo de existencia de cada producto según su categoría')).toBeVisible();
  await expect(filaCategoria(dialog, CATEGORIA)).toBeVisible();
  return dialog;
}

/** Chooses `tipo` for the category: saved as chosen, the toast shows the server's message, which is the domain's. */
async function cambiarTipo(page: Page, dialog: Locator, tipo: string) {
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/categoria-producto/modificarTipoExistencia'));
  await elegir(page, dialog.getByLabel(`Tipo de existencia de ${CATEGORIA}`), tipo, tipo.slice(3));
  const r = await respuesta;
  const { message } = (await r.json()) as { message: string };
  expect(r.ok(), message).toBeTruthy();
  expect(message).toBe(SUNAT_MSG.tipoExistenciaGuardado);
  await expect(toast(page, message)).toBeVisible();
  await expect(filaCategoria(dialog, CATEGORIA)).toContainText(tipo);
}

test('Tipos de existencia SUNAT: a category\'s type is saved as chosen, kept on reopening, and put back', async ({ page, request }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/producto');
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();
  let dialog = await abrirTiposExistencia(page);
  // Every category is listed with a type of tabla 5; the demo's (business rules).
  for (const [categoria, tipo] of [['Materiales de construcción', '03 Materias primas'], ['EPP', '06 Suministros'], ['Equipos de cómputo', '99 Otros'], [CATEGORIA, TIPO_DEMO]]) {
    await expect(filaCategoria(dialog, categoria)).toContainText(tipo);
  }
  const tabla5 = TIPOS_EXISTENCIA.map((t) => `${t.codigo} ${t.nombre}`);
  const filas = await dialog.locator('tr.ant-table-row').allInnerTexts();
  expect(filas.length).toBeGreaterThanOrEqual(8);
  for (const f of filas) expect(tabla5.some((t) => f.includes(t)), f).toBe(true);

  await cambiarTipo(page, dialog, TIPO_NUEVO);
  await shot(page, 'ple-1-tipo-existencia');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // Stored: after a reload the popup reads it again from the server.
  await page.reload();
  dialog = await abrirTiposExistencia(page);
  await expect(filaCategoria(dialog, CATEGORIA)).toContainText(TIPO_NUEVO);
  const s = await apiLogin(request, 'admin@andina.pe');
  expect((await tipoGuardado(request, s, CATEGORIA)).cat_tipo_existencia).toBe(TIPO_NUEVO.slice(0, 2));

  // Back to the demo's type.
  await cambiarTipo(page, dialog, TIPO_DEMO);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  expect((await tipoGuardado(request, s, CATEGORIA)).cat_tipo_existencia).toBe(TIPO_DEMO.slice(0, 2));
});

test('without the option registrar_producto there is no Tipos de existencia SUNAT, and the server refuses the change', async ({ page, request }) => {
  await login(page, 'inventario@andina.pe');
  await page.goto('/producto');
  await expect(page.getByRole('cell', { name: 'Aceite de motor 15W-40', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tipos de existencia SUNAT' })).toHaveCount(0);

  const inventario = await apiLogin(request, 'inventario@andina.pe');
  const { cat_id } = await tipoGuardado(request, inventario, CATEGORIA);
  expect(await rechazo(request, inventario, '/categoria-producto/modificarTipoExistencia', { categoria_producto: { cat_id, cat_tipo_existencia: '05' } }))
    .toEqual({ status: 403, message: MSG.forbidden });
});

/** 'Libros PLE' on the inventory screen (12.1 chosen by default): its popup. */
async function abrirPle(page: Page): Promise<Locator> {
  await page.goto('/inventario');
  await expect(page.getByRole('heading', { name: 'Inventario' })).toBeVisible();
  await page.getByRole('button', { name: 'Libros PLE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Libros electrónicos PLE de inventario' });
  await expect(dialog.getByLabel('Periodo')).toBeVisible();
  return dialog;
}

/** The cell of month `anio`-`mm` in the open month picker, its panel moved to that year. */
async function celdaMes(page: Page, anio: number, mm: string): Promise<Locator> {
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel).toBeVisible();
  const anioPanel = Number((await panel.locator('.ant-picker-header-view').innerText()).trim());
  if (anioPanel !== anio) await panel.locator(anio > anioPanel ? '.ant-picker-header-super-next-btn' : '.ant-picker-header-super-prev-btn').click();
  const celda = panel.locator(`td[title="${anio}-${mm}"]`);
  await expect(celda).toBeVisible();
  return celda;
}

/** The demo's three external purchases (server/src/db/seed/demo/stock.ts): warehouse code, supplier document, a product. */
const COMPRAS = [
  { establecimiento: '0000', doc: ['01', 'F001', '00004521'], producto: 'Filtro de aceite para mixer', tipo: '07', unidad: 'NIU', cantidad: '4.00' },
  { establecimiento: '0001', doc: ['09', 'T001', '000121'], producto: 'Piedra chancada 1-2"', tipo: '03', unidad: 'MTQ', cantidad: '90.00' },
  { establecimiento: '9999', doc: ['03', 'B002', '00000315'], producto: 'Alambre negro recocido N° 16', tipo: '03', unidad: 'KGM', cantidad: '20.00' },
];

test('Libro PLE 12.1: the current month\'s book of the company, as SUNAT\'s PLE program takes it', async ({ page }) => {
  const hoy = limaDate();
  const { anio, mm } = mesDe(hoy, 0);
  const anterior = mesDe(hoy, -1);
  const siguiente = mesDe(hoy, 1);
  await login(page, 'inventario@andina.pe');
  const dialog = await abrirPle(page);
  // The previous month is offered (books are filed once the month closes).
  const periodo = dialog.getByLabel('Periodo');
  await expect(periodo).toHaveValue(`${anterior.mm}/${anterior.anio}`);
  const pedidos: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/productoAlmacen/ple')) pedidos.push(r.postData() ?? '');
  });
  // A month that has not begun cannot be chosen: its cell is disabled (a click changes nothing), typed it is invalid.
  await periodo.click();
  const futuro = await celdaMes(page, siguiente.anio, siguiente.mm);
  await expect(futuro).toHaveClass(/ant-picker-cell-disabled/);
  await futuro.click({ force: true });
  await expect(periodo).toHaveValue(`${anterior.mm}/${anterior.anio}`);
  await periodo.fill(`${siguiente.mm}/${siguiente.anio}`);
  await expect(periodo).toHaveAttribute('aria-invalid', 'true');
  // The button does not send the month chosen before in its place: the user is told why.
  await dialog.getByRole('button', { name: 'Descargar TXT' }).click();
  await expect(toast(page, INVENTARIO_MSG.periodoFuturo)).toBeVisible();
  expect(pedidos).toEqual([]);
  // Enter does not download either: the picker puts back the month it holds, in plain sight.
  await periodo.click();
  await periodo.fill(`${siguiente.mm}/${siguiente.anio}`);
  await periodo.press('Enter');
  await expect(periodo).toHaveValue(`${anterior.mm}/${anterior.anio}`);
  expect(pedidos).toEqual([]);
  await periodo.click();
  // The current month, from the panel.
  await (await celdaMes(page, anio, mm)).click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(periodo).not.toHaveAttribute('aria-invalid', 'true');
  await expect(periodo).toHaveValue(`${mm}/${anio}`);
  await shot(page, 'ple-2-periodo');

  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/productoAlmacen/ple'));
  const archivo = await descargar(page, dialog.getByRole('button', { name: 'Descargar TXT' }));
  const r = await respuesta;
  // Asked once, for the month chosen.
  expect(pedidos).toEqual([JSON.stringify({ ple: { anio, mes: Number(mm) } })]);
  // LE + RUC + AAAA + MM + 00 + 120100 + 00 + 1 (operaciones) + 1 (con información) + 1 (soles) + 1.
  const nombre = `LE${RUC}${anio}${mm}00120100001111.txt`;
  expect(archivo.nombre).toBe(nombre);
  await expect(toast(page, `Se descargó ${nombre}`)).toBeVisible();
  expect(r.headers()['content-type']).toBe('text/plain; charset=ISO-8859-1');
  await test.info().attach(nombre, { body: archivo.contenido, contentType: 'text/plain' });

  // ISO-8859-1: 'N°' is one byte (0xB0), not UTF-8's two.
  const bytes = archivo.contenido;
  expect(bytes.includes(Buffer.from('N\u00b0 16', 'latin1'))).toBe(true);
  expect(bytes.includes(Buffer.from('N\u00b0 16', 'utf8'))).toBe(false);
  const texto = bytes.toString('latin1');
  // CRLF after every line, no bare CR or LF.
  expect(texto.endsWith('\r\n')).toBe(true);
  const lineas = texto.slice(0, -2).split('\r\n');
  expect(lineas.filter((l) => /[\r\n]/.test(l))).toEqual([]);

  // 19 fields, each followed by '|'.
  const filas = lineas.map((l) => {
    expect(l.endsWith('|'), l).toBe(true);
    const campos = l.split('|');
    expect(campos, l).toHaveLength(20);
    return campos.slice(0, 19);
  });
  const codigos = TIPOS_EXISTENCIA.map((t) => t.codigo as string);
  for (const f of filas) {
    const l = f.join('|');
    expect(f[0], l).toBe(`${anio}${mm}00`);
    expect(f[3], l).toMatch(/^\d{4}(\d{3})?$/);
    expect(f[4], l).toBe('9');
    expect(codigos, l).toContain(f[5]);
    expect(f[6], l).toMatch(/^\d+$/);
    expect(f[14], l).not.toMatch(/[/\\]/);
    expect(f[15], l).toMatch(/^[A-Z]{2,3}$/);
    expect(f[16], l).toMatch(/^\d+\.\d{2}$/);
    expect(f[17], l).toMatch(/^(0|-\d+)\.\d{2}$/);
    expect(f[18], l).toBe('1');
  }

  // Per warehouse (field 4) and product (field 7), ordered so: one block opening with its balance (16 saldo inicial,
  // dated the 1st, document 00 SI AAAAMM; 'A' in January, the fiscal year's opening), then its movements.
  const bloques: string[][][] = [];
  for (const f of filas) {
    const ultimo = bloques.at(-1);
    if (ultimo && ultimo[0][3] === f[3] && ultimo[0][6] === f[6]) ultimo.push(f);
    else bloques.push([f]);
  }
  const claves = bloques.map((b) => `${b[0][3]}:${b[0][6]}`);
  expect(new Set(claves).size, 'un bloque por almacén y producto').toBe(claves.length);
  const orden = [...bloques].sort((a, b) => a[0][3].localeCompare(b[0][3]) || Number(a[0][6]) - Number(b[0][6]));
  expect(claves).toEqual(orden.map((b) => `${b[0][3]}:${b[0][6]}`));
  for (const [apertura, ...movimientos] of bloques) {
    const l = apertura.join('|');
    expect(apertura[1], l).toBe(`SI${anio}${mm}`);
    expect(apertura[2], l).toMatch(mm === '01' ? /^A\d+$/ : /^M\d+$/);
    expect(apertura[9], l).toBe(`01/${mm}/${anio}`);
    expect(apertura.slice(10, 14), l).toEqual(['00', 'SI', `${anio}${mm}`, '16']);
    expect(apertura[17], l).toBe('0.00');
    for (const m of movimientos) {
      expect(m[13], m.join('|')).not.toBe('16');
      expect(m[2], m.join('|')).toMatch(/^M\d+$/);
    }
  }
  // Field 3 numbers the lines of each CUO (field 2) in the file.
  const porCuo = new Map<string, number>();
  for (const f of filas) {
    const n = (porCuo.get(f[1]) ?? 0) + 1;
    porCuo.set(f[1], n);
    expect(f[2].slice(1), f.join('|')).toBe(String(n));
  }

  // The demo's three external purchases: compra nacional (02) with the supplier's document, entries, one transfer each
  // (CUO TRFn), in their warehouse's establishment code (field 10, the date, is not checked here).
  for (const c of COMPRAS) {
    const compra = filas.filter((f) => f[10] === c.doc[0] && f[11] === c.doc[1] && f[12] === c.doc[2]);
    expect(compra.length, `líneas del comprobante ${c.doc.join(' ')}`).toBeGreaterThan(0);
    expect(new Set(compra.map((f) => f[1])).size, `un CUO para ${c.doc.join(' ')}`).toBe(1);
    for (const f of compra) {
      const l = f.join('|');
      expect(f[1], l).toMatch(/^TRF\d+$/);
      expect(f[3], l).toBe(c.establecimiento);
      expect(f[13], l).toBe('02');
      expect(Number(f[16]), l).toBeGreaterThan(0);
      expect(f[17], l).toBe('0.00');
    }
    const producto = compra.filter((f) => f[14] === c.producto);
    expect(producto, `${c.producto} en ${c.doc.join(' ')}`).toHaveLength(1);
    expect([producto[0][5], producto[0][15], producto[0][16]]).toEqual([c.tipo, c.unidad, c.cantidad]);
  }
  // A serial product's rows go together: the two drills of the central warehouse, one block, one opening.
  const taladros = bloques.filter((b) => b[0][3] === '0000' && b[0][14] === 'Taladro percutor GSB 550');
  expect(taladros).toHaveLength(1);
  expect(taladros[0].slice(1).filter((f) => f[11] === 'F001').reduce((t, f) => t + Number(f[16]), 0)).toBe(2);
  await shot(page, 'ple-3-descargado');
});

test('Libro PLE 13.1: the valued book of the month, from the same popup', async ({ page }) => {
  const { anio, mm } = mesDe(limaDate(), 0);
  await login(page, 'inventario@andina.pe');
  const dialog = await abrirPle(page);
  await dialog.getByRole('radio', { name: '13.1 Valorizado' }).check();
  await expect(dialog).toContainText('Registro de Inventario Permanente Valorizado');
  const periodo = dialog.getByLabel('Periodo');
  await periodo.click();
  await (await celdaMes(page, anio, mm)).click();
  await expect(periodo).toHaveValue(`${mm}/${anio}`);
  const archivo = await descargar(page, dialog.getByRole('button', { name: 'Descargar TXT' }));
  // LE + RUC + AAAA + MM + 00 + 130100 + 00 + 1 + 1 + 1 + 1.
  const nombre = `LE${RUC}${anio}${mm}00130100001111.txt`;
  expect(archivo.nombre).toBe(nombre);
  await expect(toast(page, `Se descargó ${nombre}`)).toBeVisible();
  const filas = archivo.contenido.toString('latin1').slice(0, -2).split('\r\n').map((l) => l.split('|'));
  // 27 fields, each followed by '|'; method 1 (weighted average) or 5 (serialised, specific identification).
  for (const f of filas) {
    expect(f, f.join('|')).toHaveLength(28);
    expect(['1', '5'], f.join('|')).toContain(f[16]);
  }
  // The demo's purchase of 4 oil filters at S/ 118.64 each: S/ 474.56 in.
  const filtro = filas.find((f) => f[14] === 'Filtro de aceite para mixer' && f[13] === '02')!;
  expect(filtro.slice(16, 20)).toEqual(['1', '4.00', '118.64', '474.56']);
  expect(filas.find((f) => f[14] === 'Laptop ThinkPad E14' && f[13] === '02')?.[16]).toBe('5');
  await shot(page, 'ple-4-valorizado');
});

test('a month not begun is refused by the server; a project user has no Libros PLE, and the server refuses 12.1 and 13.1', async ({ page, request }) => {
  const siguiente = mesDe(limaDate(), 1);
  const inventario = await apiLogin(request, 'inventario@andina.pe');
  expect(await rechazo(request, inventario, '/productoAlmacen/ple', { ple: { anio: siguiente.anio, mes: Number(siguiente.mm) } }))
    .toEqual({ status: 400, message: INVENTARIO_MSG.periodoFuturo });

  // almacen@ sees only Planta Lurín: the book holds every warehouse of the company.
  await login(page, 'almacen@andina.pe');
  await page.goto('/inventario');
  await expect(page.getByRole('heading', { name: 'Inventario' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar XLSX' })).toBeVisible();
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Libros PLE' })).toHaveCount(0);
  const almacen = await apiLogin(request, 'almacen@andina.pe');
  const { anio, mm } = mesDe(limaDate(), 0);
  expect(await rechazo(request, almacen, '/productoAlmacen/ple', { ple: { anio, mes: Number(mm) } }))
    .toEqual({ status: 403, message: INVENTARIO_MSG.pleCorporativo });
  expect(await rechazo(request, almacen, '/productoAlmacen/pleValorizado', { ple: { anio, mes: Number(mm) } }))
    .toEqual({ status: 403, message: INVENTARIO_MSG.pleCorporativo });
});
