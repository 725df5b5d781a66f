import { MSG, limaDate, type ExportarColumna } from '@obra/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture, type Reply } from '../modules/orden_pago/fixtures.ts';
import { XLSX_MIME } from './xlsx.ts';
import { EXPORT_SUFFIX, cellOf, exportLimits, limaWallClock, listPagingOf, pageOfReply, truncatedNote } from './list-export.ts';

/**
 * Every list exports (issue 25, docs/architecture.md "Lists", docs/business-rules.md "Exportar listas"):
 * the sibling `<ruta>/exportar` of each list route walks the list's own handler by key, so filters,
 * scope and fields are the list's; the file holds exactly the list's rows under the screen's headers.
 */

let f: Fixture;
let almacen: Auth;
const alm: Record<'central' | 'agregados' | 'miraflores', number> = { central: 0, agregados: 0, miraflores: 0 };
const today = limaDate();
const defaults = { ...exportLimits };

beforeAll(async () => {
  f = await createFixture();
  almacen = await f.ctx.auth('almacen@andina.pe');
  for (const a of await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)) {
    if (a.alm_nombre === 'Almacén Central') alm.central = a.alm_id;
    if (a.alm_nombre === 'Almacén de Agregados') alm.agregados = a.alm_id;
    if (a.alm_nombre === 'Almacén de Obra Miraflores') alm.miraflores = a.alm_id;
  }
}, 60_000);
afterAll(() => f.ctx.close());
afterEach(() => Object.assign(exportLimits, defaults));

const col = (titulo: string, campo: ExportarColumna['campo'], tipo: ExportarColumna['tipo'] = 'text', extra: Partial<ExportarColumna> = {}): ExportarColumna =>
  ({ titulo, campo, tipo, ...extra });

const exportar = (path: string, consulta: unknown, columnas: ExportarColumna[], who: Auth, nombre = 'prueba') =>
  f.post(`${path}${EXPORT_SUFFIX}`, { consulta, exportar: { nombre, hoja: 'Prueba', columnas } }, who);

interface Hoja {
  headers: string[];
  rows: unknown[][];
  /** The number format of each column's first data cell. */
  formats: string[];
}

async function leer(res: Reply): Promise<Hoja> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_MIME);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((res as unknown as { rawPayload: Buffer }).rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let n = 2; n <= ws.rowCount; n++) rows.push(values(n));
  const formats = (values(1)).map((_v, i) => ws.getRow(2).getCell(i + 1).numFmt ?? '');
  return { headers: values(1) as string[], rows, formats };
}

/** Every row of a list through its own API, page after page by key (what the screen would show). */
async function walk(path: string, body: (page: { despues?: string }) => unknown, who: Auth): Promise<unknown[]> {
  const all: unknown[] = [];
  let despues: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = pageOfReply(expectOk(await f.post(path, body({ despues }), who)));
    if (!page) throw new Error(`${path} no responde una página`);
    all.push(...page.rows);
    if (!page.siguiente) return all;
    despues = page.siguiente;
  }
  throw new Error('demasiadas páginas');
}

describe('exporting a list', () => {
  it('holds exactly the filtered rows, in the list order, under the screen headers with dates and money as such', async () => {
    const mias = [];
    for (let i = 0; i < 3; i++) mias.push(await f.newOrder({ referencia: `Exportable ${i}` }));
    await f.newOrder({ referencia: 'Otra cosa' });
    const consulta = { search: 'Exportable', year: Number(today.slice(0, 4)), tipo: 0, status: 0, coc_id: 0 };
    const lista = await walk('orden/get-orden-list', (p) => ({ ...consulta, length: 2, ...p }), f.u.logistica) as { id_orden: number; codigo: string; fecha_orden: string; monto_con_impuesto: string; estado: string }[];
    expect(lista.map((o) => o.id_orden).sort()).toEqual([...mias].sort());

    const res = await exportar('orden/get-orden-list', { ...consulta, start: 30, length: 10 }, [
      col('N°', 'id_orden', 'int'), col('Código', 'codigo'), col('Fecha', 'fecha_orden', 'date'),
      col('Total', 'monto_con_impuesto', 'money'), col('Estado', 'estado'),
    ], f.u.logistica, 'ordenes');
    // Named after the day in Lima when it was written (the run may cross midnight).
    const nombres = [today, limaDate()].map((d) => `attachment; filename="ordenes-${d.split('-').reverse().join('-')}.xlsx"`);
    expect(nombres).toContain(res.headers['content-disposition']);
    const hoja = await leer(res);
    expect(hoja.headers).toEqual(['N°', 'Código', 'Fecha', 'Total', 'Estado']);
    // Paging of the request (start 30) is the export's own business: every matching row, in the list's order.
    expect(hoja.rows.map((r) => r[0])).toEqual(lista.map((o) => o.id_orden));
    expect(hoja.rows.map((r) => r[1])).toEqual(lista.map((o) => o.codigo));
    expect(hoja.rows[0][2]).toBeInstanceOf(Date);
    expect((hoja.rows[0][2] as Date).toISOString().slice(0, 10)).toBe(lista[0].fecha_orden.slice(0, 10));
    expect(hoja.rows[0][3]).toBe(1180);
    expect(hoja.formats.slice(0, 4)).toEqual(['0', '', 'dd/mm/yyyy', '#,##0.00']);
    expect(hoja.rows[0][4]).toBe(lista[0].estado);
  });

  it('answers what the list answers to a user without the module (403), and to a supplier on a staff list', async () => {
    const columnas = [col('Código', 'codigo')];
    expectRefused(await exportar('orden/get-orden-list', {}, columnas, almacen), 403, MSG.noModuleAccess);
    expectRefused(await exportar('caja/buscar', {}, columnas, f.u.inventario), 403, MSG.noModuleAccess);
    const res = await exportar('orden/get-orden-list', {}, columnas, f.u.supplier);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('almacen@ exports only the transfers of Planta Lurín warehouses, as its list shows them', async () => {
    const prv = (await f.rows<{ prv_id: number }>(sql`select prv_id from producto where prv_nombre = 'Wincha de 5 m'`))[0].prv_id;
    const T = (path: string, payload: unknown) => f.post(`transferenciaItems/${path}`, payload, f.u.admin);
    const registrar = async (datos: Record<string, unknown>) =>
      (expectOk(await T('registrar', { transferencia_items: { tfi_fecha_estimada_llegada: today, ...datos } })).data as { tfi_id: number }).tfi_id;
    const compraMiraflores = await registrar({ tfi_tipo: 3, alm_destino: alm.miraflores, detalle: [{ prv_id: prv, tid_cantidad: 2 }] });
    const compraLurin = await registrar({ tfi_tipo: 3, alm_destino: alm.agregados, detalle: [{ prv_id: prv, tid_cantidad: 4 }] });

    const consulta = { transferencia_items: { tfi_tipo: 3, est_codigo: null } };
    const columnas = [col('N°', 'tfi_id', 'int'), col('Código', 'tfi_codigo'), col('Fecha', 'tfi_fecha_registro', 'datetime'), col('Almacén', ['alm_origen_nombre', 'alm_destino_nombre'], 'text', { separador: ' → ' })];
    const suyas = await walk('transferenciaItems/buscar', (p) => ({ ...consulta, page: { size: 1, ...p } }), almacen) as { tfi_id: number; alm_destino: number; alm_origen: number | null; alm_destino_nombre: string }[];
    const hoja = await leer(await exportar('transferenciaItems/buscar', consulta, columnas, almacen));
    expect(hoja.rows.map((r) => r[0])).toEqual(suyas.map((t) => t.tfi_id));
    expect(hoja.rows.map((r) => r[0])).toContain(compraLurin);
    expect(hoja.rows.map((r) => r[0])).not.toContain(compraMiraflores);
    const lurin = new Set([alm.central, alm.agregados]);
    for (const t of suyas) expect(lurin.has(t.alm_destino) || (t.alm_origen !== null && lurin.has(t.alm_origen))).toBe(true);
    expect(hoja.rows.find((r) => r[0] === compraLurin)?.[3]).toBe('Almacén de Agregados');
    expect(hoja.rows[0][2]).toBeInstanceOf(Date);

    const todas = await leer(await exportar('transferenciaItems/buscar', consulta, columnas, f.u.admin));
    expect(todas.rows.map((r) => r[0])).toContain(compraMiraflores);
  });

  it('a project-level user exports only their project cash boxes (spec 2 page form, rows shaped by the service)', async () => {
    const mias = await walk('caja/buscar', (p) => ({ caja: { page: { size: 2, ...p } } }), f.u.estandar) as { caj_id: number; caj_monto: string }[];
    const todas = await walk('caja/buscar', (p) => ({ caja: { page: { size: 100, ...p } } }), f.u.admin) as { caj_id: number }[];
    expect(mias.length).toBeGreaterThan(0);
    expect(mias.length).toBeLessThan(todas.length);
    const hoja = await leer(await exportar('caja/buscar', { caja: {} }, [col('N°', 'caj_id', 'int'), col('Monto', 'caj_monto', 'money')], f.u.estandar));
    expect(hoja.rows.map((r) => r[0])).toEqual(mias.map((c) => c.caj_id));
    expect(hoja.rows.map((r) => r[1])).toEqual(mias.map((c) => Number(c.caj_monto)));
  });

  it('a supplier exports only its own orders from the portal list', async () => {
    const pveSupplier = (await f.rows<{ pve_id: number }>(sql`select pve_id from usuario where usu_correo = 'proveedor@andina.pe'`))[0].pve_id;
    const otro = f.ids.pve === pveSupplier ? f.ids.pve2 : f.ids.pve;
    const propia = await f.emitida({ proveedor: { id_proveedor: pveSupplier } });
    const ajena = await f.emitida({ proveedor: { id_proveedor: otro } });
    const hoja = await leer(await exportar('ordenCompra/paginarxProveedor', { orden_compra: {} }, [col('N°', 'ord_id', 'int'), col('Código', 'ord_code')], f.u.supplier));
    const ids = hoja.rows.map((r) => r[0] as number);
    expect(ids).toContain(propia);
    expect(ids).not.toContain(ajena);
    const suyas = await f.rows<{ ord_id: number }>(sql`select ord_id from orden where pve_id = ${pveSupplier}`);
    for (const id of ids) expect(suyas.map((o) => o.ord_id)).toContain(id);
  });

  it('a list longer than one batch exports every row once, in the list order', async () => {
    await f.rows(sql`insert into marca (mar_nombre) select 'Marca exportada ' || lpad(g::text, 5, '0') from generate_series(1, 2345) g`);
    exportLimits.batch = 1000;
    const lista = await walk('marca/list', (p) => ({ search: 'exportada', length: 100, ...p }), f.u.admin) as { id_marca: number; descripcion: string }[];
    expect(lista).toHaveLength(2345);
    const hoja = await leer(await exportar('marca/list', { search: 'exportada' }, [col('Marca', 'descripcion'), col('N°', 'id_marca', 'int')], f.u.admin));
    expect(hoja.rows).toHaveLength(2345);
    expect(hoja.rows.map((r) => r[1])).toEqual(lista.map((m) => m.id_marca));
    expect(new Set(hoja.rows.map((r) => r[1])).size).toBe(2345);
    expect(hoja.rows[0][0]).toBe('Marca exportada 00001');
  });

  it('stops at the row cap and says so on the last line', async () => {
    Object.assign(exportLimits, { batch: 7, max: 50 });
    const hoja = await leer(await exportar('marca/list', { search: 'exportada' }, [col('N°', 'id_marca', 'int'), col('Marca', 'descripcion')], f.u.admin));
    expect(hoja.rows).toHaveLength(51);
    expect(hoja.rows[49][1]).toBe('Marca exportada 00050');
    expect(hoja.rows[50][0]).toBe(truncatedNote(50));
    expect(truncatedNote(100_000)).toMatch(/primeras 100 000 filas/);
  });

  it('refuses columns that are not fields (400, Spanish), and never reads what a row does not own', async () => {
    for (const campo of ['__proto__', 'a;drop table marca', '1x', '']) {
      expectRefused(await exportar('marca/list', {}, [col('X', campo)], f.u.admin), 400, 'El campo de una columna a exportar no es válido');
    }
    expectRefused(await f.post(`marca/list${EXPORT_SUFFIX}`, { consulta: {}, exportar: { nombre: 'Con Espacios', columnas: [col('X', 'descripcion')] } }, f.u.admin), 400,
      'El nombre del archivo solo admite minúsculas, números y guiones');
    expectRefused(await exportar('marca/list', {}, [], f.u.admin), 400, 'Indique entre 1 y 40 columnas a exportar');
    const hoja = await leer(await exportar('marca/list', { search: 'Bosch' }, [col('Marca', 'descripcion'), col('Nada', 'constructor'), col('Tampoco', 'descripcion.length')], f.u.admin));
    expect(hoja.rows).toEqual([['Bosch']]);
  });

  it('a list answering every row at once (listaCompleta) exports those rows, filtered as the list is', async () => {
    const consulta = { producto_venta: { pvt_nombre: 'concreto', est_id: null } };
    const lista = expectOk(await f.post('productoVenta/buscar', consulta, f.u.admin)).data as { pvt_id: number; pvt_nombre: string }[];
    expect(lista.length).toBeGreaterThan(0);
    const hoja = await leer(await exportar('productoVenta/buscar', consulta, [col('N°', 'pvt_id', 'int'), col('Nombre', 'pvt_nombre')], f.u.admin));
    expect(hoja.rows.map((r) => r[0])).toEqual(lista.map((p) => p.pvt_id));
    Object.assign(exportLimits, { max: 1 });
    const corta = await leer(await exportar('productoVenta/buscar', consulta, [col('Nombre', 'pvt_nombre')], f.u.admin));
    expect(corta.rows.map((r) => r[0])).toEqual(lista.length > 1 ? [lista[0].pvt_nombre, truncatedNote(1)] : [lista[0].pvt_nombre]);
    expectRefused(await exportar('productoVenta/buscar', consulta, [col('Nombre', 'pvt_nombre')], almacen), 403, MSG.noModuleAccess);
  });

  it('refuses a bad filter as the list does', async () => {
    const lista = await f.post('transferenciaItems/buscar', { transferencia_items: { fecha_inicio: '2026-05-02', fecha_fin: '2026-05-01' } }, f.u.admin);
    const res = await exportar('transferenciaItems/buscar', { transferencia_items: { fecha_inicio: '2026-05-02', fecha_fin: '2026-05-01' } }, [col('N°', 'tfi_id')], f.u.admin);
    expect(res.statusCode).toBe(lista.statusCode);
    expect(res.json().message).toBe(lista.json().message);
  });
});

describe('cells', () => {
  it('writes dates at Lima wall-clock time and leaves values of another kind empty', () => {
    expect(limaWallClock('2026-11-27')).toBe('2026-11-27T00:00:00');
    expect(limaWallClock('2026-11-27 10:11:12')).toBe('2026-11-27T10:11:12');
    expect(limaWallClock('2026-11-27 03:00:00.123+00')).toBe('2026-11-26T22:00:00');
    expect(limaWallClock('2026-11-27T15:00:00Z')).toBe('2026-11-27T10:00:00');
    expect(limaWallClock('2026-11-27T10:00:00-05:00')).toBe('2026-11-27T10:00:00');
    expect(limaWallClock('27-11-2026 08:30')).toBe('2026-11-27T08:30:00');
    expect(limaWallClock('27/11/2026')).toBe('2026-11-27T00:00:00');
    expect(limaWallClock('2026-02-30')).toBeNull();
    expect(limaWallClock('mañana')).toBeNull();
    const row = { monto: '1234.5', texto: 'S/ 12', activo: true, tipo: 1, fecha: '2026-11-27 22:00:00+00', lista: ['a', 'b'], obj: { x: 1 } };
    expect(cellOf(col('M', 'monto', 'money'), row)).toBe('1234.5');
    expect(cellOf(col('M', 'texto', 'money'), row)).toBeNull();
    expect(cellOf(col('A', 'activo'), row)).toBe('Sí');
    expect(cellOf(col('A', 'activo', 'text', { valores: { true: 'Activo', false: 'Inactivo' } }), row)).toBe('Activo');
    expect(cellOf(col('T', 'tipo', 'text', { valores: { 1: 'Compra' } }), row)).toBe('Compra');
    expect(cellOf(col('F', 'fecha', 'date'), row)).toBe('2026-11-27');
    expect(cellOf(col('F', 'fecha', 'datetime'), row)).toBe('2026-11-27T17:00:00');
    expect(cellOf(col('L', 'lista'), row)).toBe('a, b');
    expect(cellOf(col('O', 'obj'), row)).toBeNull();
    expect(cellOf(col('O', 'obj.x', 'int'), row)).toBe(1);
    expect(cellOf(col('O', 'obj.toString'), row)).toBeNull();
  });
});

describe('every list route has its export', () => {
  it('each route whose body is a list request has <ruta>/exportar with the same access declaration', () => {
    const catalog = f.ctx.app.routeCatalog;
    const byUrl = new Map(catalog.map((r) => [`${r.method} ${r.url}`, r]));
    const lists = catalog.filter((r) => r.method === 'POST' && !r.url.endsWith(EXPORT_SUFFIX) && listPagingOf((r.schema as { body?: unknown } | undefined)?.body));
    const exempt = ['/api/caja/generarReporteCaja', '/api/rendicion/generarReporteRendicion', '/api/auditoria/exportar'];
    const missing: string[] = [];
    for (const r of lists) {
      if (exempt.includes(r.url)) {
        expect(byUrl.has(`POST ${r.url}${EXPORT_SUFFIX}`), r.url).toBe(false);
        continue;
      }
      const exp = byUrl.get(`POST ${r.url}${EXPORT_SUFFIX}`);
      if (!exp) missing.push(r.url);
      else expect(exp.access, r.url).toEqual(r.access);
    }
    expect(missing).toEqual([]);
    expect(lists.length).toBeGreaterThanOrEqual(35);
    for (const url of ['/api/orden/get-orden-list', '/api/transferenciaItems/buscar', '/api/ordenCompra/paginarxProveedor', '/api/caja/buscar', '/api/marca/list', '/api/envio/buscar']) {
      expect(lists.map((r) => r.url)).toContain(url);
    }
  });

  it('each export answers a file or the list own refusal, and each list answering 200 answers a page', async () => {
    const catalog = f.ctx.app.routeCatalog;
    const exports = catalog.filter((r) => r.url.endsWith(EXPORT_SUFFIX)
      && catalog.some((l) => l.url === r.url.slice(0, -EXPORT_SUFFIX.length) && listPagingOf((l.schema as { body?: unknown } | undefined)?.body)));
    expect(exports.length).toBeGreaterThanOrEqual(35);
    const wrong: string[] = [];
    for (const r of exports) {
      const listUrl = r.url.slice(0, -EXPORT_SUFFIX.length);
      const who = r.url.includes('paginarxProveedor') ? f.u.supplier : f.u.admin;
      const list = await f.ctx.app.inject({ method: 'POST', url: listUrl, headers: who, payload: {} });
      const res = await f.ctx.app.inject({ method: 'POST', url: r.url, headers: who, payload: { consulta: {}, exportar: { nombre: 'x', columnas: [col('A', 'a')] } } });
      if (list.statusCode === 200) {
        if (!pageOfReply(list.json())) wrong.push(`${listUrl}: no responde una página`);
        if (res.statusCode !== 200 || res.headers['content-type'] !== XLSX_MIME) wrong.push(`${r.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      } else if (res.statusCode !== list.statusCode || res.json().message !== list.json().message) {
        wrong.push(`${r.url}: ${res.statusCode} frente a ${list.statusCode} de la lista`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
