import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VIEWER, WEB_CLIENT, createTestContext, type TestContext } from '../../test/harness.ts';

/** The audit screen (issue 26): administrators and AUDITOR read it, filtered; nobody changes it. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // An auditor: the AUDITOR role alone.
  await ctx.deps.database.db.execute(sql`update usuario_rol set rol_id = 11 where usu_id = (select usu_id from usuario where usu_correo = 'inventario@andina.pe')`);
});
afterAll(() => ctx.close());

const buscar = async (headers: Record<string, string>, auditoria: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auditoria/buscar', headers, payload: { auditoria } });
type Fila = { aud_accion: string; usu_id: number | null; usuario: string | null; aud_ip: string; aud_modulo: string | null; aud_fecha: string };

describe('auditoria', () => {
  it('shows logins and failures with who, when and from where, newest first', async () => {
    for (const password of ['mala', 'Demo.2026']) {
      await ctx.app.inject({
        method: 'POST', url: '/api/oauth/token', remoteAddress: '10.3.0.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
        payload: new URLSearchParams({ username: 'gerencia@andina.pe', password, grant_type: 'password' }).toString(),
      });
    }
    const res = await buscar(await ctx.auth(ADMIN), { modulo: 'login' });
    expect(res.statusCode).toBe(200);
    const filas = res.json().data.page.list as Fila[];
    const deGerencia = filas.filter((f) => f.aud_ip === '10.3.0.9');
    expect(deGerencia.map((f) => f.aud_accion)).toEqual(['login_ok', 'login_fallido']);
    expect(deGerencia[0].usuario).toBe('Carlos Mendoza Ríos');
    expect(deGerencia[0].aud_fecha).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by user and by dates', async () => {
    const admin = await ctx.auth(ADMIN);
    const [g] = (await ctx.deps.database.db.execute(sql`select usu_id from usuario where usu_correo = 'gerencia@andina.pe'`) as unknown as { rows: { usu_id: number }[] }).rows;
    const mias = (await buscar(admin, { usu_id: g.usu_id })).json().data.page.list as Fila[];
    expect(mias.length).toBeGreaterThan(0);
    expect(mias.every((f) => f.usu_id === g.usu_id)).toBe(true);
    expect((await buscar(admin, { fecha_inicio: '01/01/2020', fecha_fin: '31/12/2020' })).json().data.page.list).toEqual([]);
    const mal = await buscar(admin, { fecha_inicio: '02/01/2026', fecha_fin: '01/01/2026' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toBe('La fecha de inicio no puede ser posterior a la fecha de fin');
  });

  it('lets the AUDITOR read it and nothing else; refuses the read-only viewer and project-level users', async () => {
    const auditor = await ctx.auth('inventario@andina.pe');
    expect((await buscar(auditor)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/usuario/buscar', headers: auditor, payload: {} })).statusCode).toBe(403);
    expect((await buscar(await ctx.auth(VIEWER))).statusCode).toBe(403);
    expect((await buscar(await ctx.auth('tesoreria@andina.pe'))).statusCode).toBe(403);
  });

  it('exports the filtered lines to xlsx with the screen\'s columns', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auditoria/exportar', headers: await ctx.auth(ADMIN), payload: { auditoria: { modulo: 'login' } } });
    expect(res.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.getRow(1).values).toEqual([undefined, 'Fecha', 'Usuario', 'Acción', 'Módulo', 'Documento', 'Ruta', 'Dirección', 'Resultado', 'Detalle']);
    const acciones = new Set<string>();
    hoja.eachRow((row, n) => { if (n > 1) acciones.add(String(row.getCell(3).value)); });
    expect(acciones).toContain('Ingreso fallido');
    expect(hoja.rowCount).toBeGreaterThan(2);
  });

  it('offers no call that changes or deletes an audit line', () => {
    const rutas = ctx.app.routeCatalog.filter((r) => r.url.startsWith('/api/auditoria'));
    // buscar/exportar: every list's export (platform/list-export.ts), read-only like the list.
    expect(rutas.map((r) => r.url).sort()).toEqual(['/api/auditoria/buscar', '/api/auditoria/buscar/exportar', '/api/auditoria/exportar', '/api/auditoria/usuarios']);
    expect(rutas.every((r) => !('public' in r.access) && r.access.read)).toBe(true);
  });
});
