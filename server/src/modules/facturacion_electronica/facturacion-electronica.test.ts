import { MSG, type EmisorVista } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { generarCertificadoPrueba } from '../../platform/cpe/firma/certificado.ts';
import { expectOk, expectRefused, type Auth, type Reply } from '../../test/expect.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';

/**
 * 'Facturación electrónica' (issue 22): the issuer's settings, the certificate upload (sealed at rest,
 * never shown back), the version guard, 'Probar conexión' answered by the worker, and who may do it.
 */

let ctx: TestContext;
let admin: Auth;
let viewer: Auth;
let logistica: Auth;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, viewer, logistica] = await Promise.all([ctx.auth(ADMIN), ctx.auth(VIEWER), ctx.auth('logistica@andina.pe')]);
});
afterAll(() => ctx.close());

const post = (path: string, body: unknown, who = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/facturacionElectronica/${path}`, headers: who, payload: body as object }) as unknown as Promise<Reply>;
const obtener = async () => expectOk(await post('obtener', {})).data as EmisorVista;
const guardable = (v: EmisorVista, over: Record<string, unknown> = {}) => ({
  emisor: {
    emi_ruc: v.emi_ruc, emi_razon_social: v.emi_razon_social, emi_nombre_comercial: v.emi_nombre_comercial, emi_direccion: v.emi_direccion,
    emi_ubigeo: v.emi_ubigeo, emi_establecimiento: v.emi_establecimiento, emi_serie_factura: v.emi_serie_factura, emi_serie_boleta: v.emi_serie_boleta,
    emi_serie_guia: v.emi_serie_guia, emi_canal: v.emi_canal, emi_ose_url: v.emi_ose_url, emi_ose_consulta_url: v.emi_ose_consulta_url,
    emi_nubefact_url: v.emi_nubefact_url, emi_sol_usuario: v.emi_sol_usuario, emi_plazo_dias: v.emi_plazo_dias, emi_version: v.emi_version, ...over,
  },
});

describe('issuer settings', () => {
  it('starts on the demo channel with a generated test certificate that says so', async () => {
    const v = await obtener();
    expect(v).toMatchObject({ emi_ruc: '20547812361', emi_canal: 'demo', emi_serie_factura: 'F001', emi_serie_boleta: 'B001', emi_establecimiento: '0000',
      tiene_sol_clave: false, falta: null, ubi_nombre: expect.any(String) });
    expect(v.certificado).toMatchObject({ prueba: true, vencido: false, por_vencer: false });
    expect(v.certificado!.sujeto).toContain('PRUEBA');
    expect(v.certificado!.dias_restantes).toBeGreaterThan(3000);
  });

  it('saves the channel and the SOL user; the password is sealed and never shown; blank keeps it; a stale form is refused', async () => {
    const v = await obtener();
    const r = expectOk(await post('guardar', guardable(v, { emi_canal: 'ose', emi_ose_url: 'https://ose.example.pe/ol-ti-itcpe/billService',
      emi_sol_usuario: 'MODDATOS', emi_sol_clave: 'Clave.Sol.1', emi_nombre_comercial: 'Andina' })));
    expect(r.message).toBe('Se guardó la configuración de facturación electrónica');
    const g = r.data as EmisorVista;
    expect(g).toMatchObject({ emi_canal: 'ose', emi_sol_usuario: 'MODDATOS', tiene_sol_clave: true, emi_version: v.emi_version + 1, emi_nombre_comercial: 'Andina' });
    expect(JSON.stringify(g)).not.toContain('Clave.Sol.1');
    const [fila] = await selectRows<{ clave: string; cert: string }>(ctx.deps.database.db,
      sql`select emi_sol_clave as clave, emi_certificado as cert from emisor_cpe`);
    expect(fila.clave).toMatch(/^v1:/);
    expect(fila.clave).not.toContain('Clave');
    expect(ctx.deps.cpe.secretos.abrirTexto(fila.clave)).toBe('Clave.Sol.1');

    const sinClave = expectOk(await post('guardar', guardable(g, { emi_sol_clave: '' }))).data as EmisorVista;
    expect(sinClave.tiene_sol_clave).toBe(true);
    const [despues] = await selectRows<{ clave: string }>(ctx.deps.database.db, sql`select emi_sol_clave as clave from emisor_cpe`);
    expect(ctx.deps.cpe.secretos.abrirTexto(despues.clave)).toBe('Clave.Sol.1');

    expectRefused(await post('guardar', guardable(g)), 409, 'Otro usuario modificó la configuración; vuelva a cargarla');
    expectRefused(await post('guardar', guardable(sinClave, { emi_ruc: '20547812362' })), 400, 'Ingrese un RUC válido de 11 dígitos');
    expectRefused(await post('guardar', guardable(sinClave, { emi_serie_factura: 'B001' })), 400, 'La serie de factura debe empezar con F y tener 4 caracteres (F001)');
    expectRefused(await post('guardar', guardable(sinClave, { emi_canal: 'fax' })), 400, 'Seleccione un canal de envío válido');
    expectRefused(await post('guardar', guardable(sinClave, { emi_canal: 'ose', emi_ose_url: '' })), 400, 'Ingrese una dirección web válida (https://...): la del servicio del OSE');
    expectRefused(await post('guardar', guardable(sinClave, { emi_canal: 'ose', emi_ose_url: 'http://ose.example.pe/billService' })), 400,
      'La dirección del servicio debe empezar con https:// (la clave SOL y el token viajan a ella)');
    expectOk(await post('guardar', guardable(sinClave, { emi_canal: 'demo' })));
  });

  it("the notes' series: saved when given, kept when a client leaves them out, and their letter checked", async () => {
    const v = await obtener();
    expect(v).toMatchObject({ emi_serie_nc_factura: 'FC01', emi_serie_nc_boleta: 'BC01', emi_serie_nd_factura: 'FD01', emi_serie_nd_boleta: 'BD01' });
    expectOk(await post('guardar', guardable(v, { emi_serie_nc_factura: 'fc02' })));
    const w = await obtener();
    expect(w.emi_serie_nc_factura).toBe('FC02');
    expectOk(await post('guardar', guardable(w)));
    expect((await obtener()).emi_serie_nc_factura).toBe('FC02');
    const mal = await post('guardar', guardable(await obtener(), { emi_serie_nd_boleta: 'FD01' }));
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toBe('La serie de nota de débito de boleta debe empezar con B y tener 4 caracteres (B001)');
    const x = await obtener();
    expectOk(await post('guardar', guardable(x, { emi_serie_nc_factura: 'FC01' })));
  });

  it('loads a PKCS#12 certificate with its password; refuses a wrong password, another file, an expired one', async () => {
    const { p12, password } = generarCertificadoPrueba('20547812361', 'Concretera Andina S.A.C.');
    expectRefused(await multipart(ctx, 'facturacionElectronica/certificado', { password: 'otra' }, { name: 'firma.pfx', type: 'application/x-pkcs12', content: p12 }, admin),
      400, 'La contraseña del certificado no es correcta');
    expectRefused(await multipart(ctx, 'facturacionElectronica/certificado', { password }, { name: 'firma.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4') }, admin),
      400, 'El certificado debe ser un archivo .pfx o .p12');
    expectRefused(await multipart(ctx, 'facturacionElectronica/certificado', { password }, null, admin), 400, 'Seleccione el archivo del certificado (.pfx o .p12)');
    const vencido = generarCertificadoPrueba('20547812361', 'Concretera Andina S.A.C.', new Date('2010-01-01T00:00:00Z'));
    expectRefused(await multipart(ctx, 'facturacionElectronica/certificado', { password: vencido.password }, { name: 'viejo.p12', type: 'application/x-pkcs12', content: vencido.p12 }, admin),
      400, /^El certificado venció el 20\d\d-\d\d-\d\d$/);

    const reply = await multipart(ctx, 'facturacionElectronica/certificado', { password }, { name: 'firma.pfx', type: 'application/x-pkcs12', content: p12 }, admin);
    const r = expectOk(reply);
    expect(r.message).toBe('Se cargó el certificado digital');
    // Self-signed: shown as a test certificate, which SUNAT does not take.
    expect((r.data as EmisorVista).certificado).toMatchObject({ prueba: true, vencido: false });
    expect(reply.body).not.toContain(password);
    expectRefused(await multipart(ctx, 'facturacionElectronica/certificado', { password }, { name: 'firma.pfx', type: 'application/x-pkcs12', content: p12 }, viewer), 403, MSG.readOnly);
  });

  it("'Probar conexión' is answered by the worker, not by the request", async () => {
    const r = expectOk(await post('probarConexion', {}));
    expect(r.message).toBe('Probando la conexión; el resultado aparecerá en unos segundos');
    await ctx.deps.cpe.worker.procesar();
    expect((await obtener()).prueba).toMatchObject({ estado: 'ok', mensaje: expect.stringContaining('Demostración: no enviado a SUNAT') });
  });

  it('an issuer on the demo channel without a certificate gets a generated test one, once', async () => {
    const db = ctx.deps.database.db;
    await db.execute(sql`update emisor_cpe set emi_certificado = null, emi_certificado_clave = null, emi_cert_sujeto = null, emi_canal = 'demo'`);
    const v = await obtener();
    expect(v.certificado).toMatchObject({ prueba: true, vencido: false });
    expect(v.certificado!.sujeto).toMatch(/^CN=PRUEBA - NO VÁLIDO PARA SUNAT - Concretera Andina S.A.C./);
    const [antes] = await selectRows<{ c: string }>(db, sql`select emi_certificado as c from emisor_cpe`);
    await obtener();
    const [despues] = await selectRows<{ c: string }>(db, sql`select emi_certificado as c from emisor_cpe`);
    expect(despues.c).toBe(antes.c);
  });

  it('only those granted the module read it; VISUALIZADOR reads without secrets and changes nothing', async () => {
    expectRefused(await post('obtener', {}, logistica), 403, 'No tienes acceso a este módulo');
    const v = expectOk(await post('obtener', {}, viewer)).data as EmisorVista;
    expect(v.emi_ruc).toBe('20547812361');
    expectRefused(await post('guardar', guardable(v), viewer), 403, MSG.readOnly);
    expectRefused(await post('probarConexion', {}, viewer), 403, MSG.readOnly);
  });
});
