import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatFechaHoraLima, limaYear, ventaSaldo } from '@obra/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { balanceador, type Balanceador } from './test/balanceador.ts';
import { iniciarFakeSunat, type FakeSunat } from './test/fake-sunat.ts';
import { WEB_CLIENT } from './test/harness.ts';
import { emptyDatabase, freePort, instancia, llamar, type Instancia, type Respuesta } from './test/instancia.ts';
import { startS3, type FakeS3 } from './test/s3.ts';
import { startFakeSmtp, type SmtpMessage } from './test/smtp.ts';

/**
 * Issue 28, "Several instances, proven": two real server processes on one PostgreSQL database behind a strict
 * round-robin balancer (./test/balanceador.ts: it polls /health/ready every 100 ms and never retries). Tokens, files,
 * access changes and login-failure counts hold across them; under a mixed load through the balancer a rolling restart
 * (SIGTERM A, start A, then B) loses no request and no write; order and e-voucher numbers stay unique and gap-free;
 * each queued mail reaches the SMTP server once and each e-voucher SUNAT once, with the workers on both instances.
 * Run with `npm run test:postgres` (CI's PostgreSQL suite) or `DATABASE_URL=... npx vitest run --project server src/instancias.test.ts`.
 */

const baseUrl = process.env.DATABASE_URL;
const PASSWORD = 'Demo.2026';
/** The balancer's notice: instances keep serving this long after SIGTERM (SHUTDOWN_GRACE_MS, its default). */
const GRACE_MS = 3000;
/** The rolling restart's bounds: load before it starts and after it ends. */
const CARGA_ANTES_MS = 3000;
const CARGA_DESPUES_MS = 3000;
/** Users running the scenarios (writes), and users reading a short list in a tight loop (the traffic a restart must not drop). */
const USUARIOS_VIRTUALES = 4;
const LECTORES = 4;

type Who = { authorization: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!baseUrl)('two instances on one PostgreSQL database (DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  let sql: pg.Client;
  let sunat: FakeSunat;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let a: Instancia;
  let b: Instancia;
  let lb: Balanceador;
  const compartido = mkdtempSync(join(tmpdir(), 'obra-instancias-'));
  const ids = { cc: 0, pve: 0, unidad: 0, gerencia: 0, contabilidad: 0, admin: 0, cli: 0, cde: 0, ven: 0, pvt: 0, precio: '', almacen: 0 };

  let s3: FakeS3;
  /** Where uploaded files live, the same for both: one bucket of a local S3-compatible server (STORAGE=s3). */
  const almacenamiento = () => ({ DATA_DIR: compartido, ...s3.env });

  beforeAll(async () => {
    [db, sunat, smtp, s3] = await Promise.all([emptyDatabase(baseUrl!), iniciarFakeSunat(), startFakeSmtp(), startS3()]);
    const certificado = inject('certificadoPrueba');
    const env = {
      DATABASE_URL: db.url, SEED_DEMO: 'true', JWT_SECRET: 'j'.repeat(48), SECRETS_KEY: 'k'.repeat(48), TRUST_PROXY: 'true',
      ...almacenamiento(), SMTP_URL: smtp.url, SHUTDOWN_GRACE_MS: String(GRACE_MS), RATE_LIMIT_PER_MINUTE: '100000', LOGIN_DELAY_MAX_MS: '300',
      CPE_CANAL: 'ose', CPE_OSE_URL: sunat.url, CPE_OSE_CONSULTA_URL: sunat.urlConsulta, CPE_SOL_USUARIO: 'MODDATOS', CPE_SOL_CLAVE: 'moddatos',
      CPE_CERTIFICADO: certificado.archivo, CPE_CERTIFICADO_CLAVE: certificado.clave, CPE_TIMEOUT_MS: '5000',
    };
    a = instancia(await freePort(), env);
    b = instancia(await freePort(), env);
    // Both at once on the empty database: one migrates and seeds while the other waits for it (the start-up lock).
    await Promise.all([a.start(), b.start()]);
    lb = await balanceador([a.url, b.url]);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const uno = async (q: string) => Number(Object.values((await sql.query(q)).rows[0] as object)[0]);
    ids.cc = await uno(`select cec_id from centro_costo where cec_codigo = 'CC-PL-01'`);
    ids.pve = await uno(`select min(pve_id) from proveedor where pve_es_activo`);
    ids.unidad = await uno(`select min(unm_id) from unidad_medida`);
    for (const k of ['gerencia', 'contabilidad', 'admin', 'almacen'] as const) ids[k] = await uno(`select usu_id from usuario where usu_correo = '${k}@andina.pe'`);
    const [venta] = (await sql.query(`select c.cli_id, d.cde_id from cliente c join cliente_direccion_envio d on d.cli_id = c.cli_id and d.cde_estado = 1
      where c.tdi_id = 2 and c.cli_estado = 1 and c.cli_especial = 0 order by c.cli_id limit 1`)).rows as { cli_id: number; cde_id: number }[];
    ids.cli = venta.cli_id;
    ids.cde = venta.cde_id;
    ids.ven = await uno(`select min(ven_id) from vendedor where est_id = 1`);
    const [p] = (await sql.query(`select pvt_id, pvt_precio::text as precio from producto_venta where est_id = 1 and pvt_precio > 0 order by pvt_id limit 1`)).rows as { pvt_id: number; precio: string }[];
    ids.pvt = p.pvt_id;
    ids.precio = p.precio;
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await lb?.close();
    await sql?.end();
    await Promise.all([sunat?.cerrar(), smtp?.close(), s3?.stop()]);
    await db?.drop();
    rmSync(compartido, { recursive: true, force: true });
  });

  const post = (base: string, path: string, body: unknown, who?: Who, headers: Record<string, string> = {}) =>
    llamar(`${base}/api/${path}`, { body: body as object, headers: { ...who, ...headers } });
  const firmar = async (base: string, usuario: string, password = PASSWORD, ip?: string) => llamar(`${base}/api/oauth/token`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT, ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: new URLSearchParams({ username: usuario, password, grant_type: 'password' }).toString(),
  });
  const sesion = async (base: string, usuario: string): Promise<Who> => {
    const r = await firmar(base, usuario);
    expect(r.status, r.body.toString()).toBe(200);
    return { authorization: `Bearer ${r.json<{ data: { access_token: string } }>().data.access_token}` };
  };
  /**
   * Calls until `status` is answered; returns how long after the change the first call that saw it was sent. A call
   * sent a second after the change that still answers the old way fails (a busy machine may be slow to answer; what
   * counts is when the call was made).
   */
  const dentroDe = async (ms: number, call: () => Promise<Respuesta>, status: number) => {
    const cambio = Date.now();
    for (;;) {
      const enviada = Date.now() - cambio;
      const r = await call();
      if (r.status === status) return enviada;
      if (enviada >= ms) expect(r.status, `una llamada enviada ${enviada} ms después del cambio`).toBe(status);
      await sleep(20);
    }
  };

  it('a token signed in on one instance works on the other; a file uploaded to one downloads from the other', async () => {
    const enA = await sesion(a.url, 'logistica');
    const enB = await sesion(b.url, 'logistica');
    expect((await llamar(`${b.url}/api/orden/estado/list`, { headers: enA })).status).toBe(200);
    expect((await llamar(`${a.url}/api/orden/estado/list`, { headers: enB })).status).toBe(200);

    const admin = await sesion(a.url, 'admin');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const limite = '----obra-instancias';
    const cuerpo = Buffer.concat([
      Buffer.from(`--${limite}\r\ncontent-disposition: form-data; name="usu_id"\r\n\r\n${ids.almacen}\r\n`),
      Buffer.from(`--${limite}\r\ncontent-disposition: form-data; name="firma"; filename="firma.png"\r\ncontent-type: image/png\r\n\r\n`), png,
      Buffer.from(`\r\n--${limite}--\r\n`),
    ]);
    const subida = await llamar(`${a.url}/api/usuario/adjuntarFirma`, { body: cuerpo, headers: { ...admin, 'content-type': `multipart/form-data; boundary=${limite}` } });
    expect(subida.status, subida.body.toString()).toBe(200);
    const bajada = await post(b.url, 'usuario/obtenerFirma', { usuario: { usu_id: ids.almacen } }, admin);
    expect(bajada.status).toBe(200);
    expect(bajada.body.equals(png)).toBe(true);
    // The file is in the bucket, not on either instance's disk.
    expect(existsSync(join(compartido, 'files'))).toBe(false);
  });

  it('a role change or a deactivation made on one instance takes effect on the other within a second', async () => {
    const admin = await sesion(a.url, 'admin');
    const rol = await post(a.url, 'rol/registrar', { rol: { rol_nombre: 'Prueba de instancias', modulos: ['marca'], opciones: [] } }, admin);
    expect(rol.status, rol.body.toString()).toBe(201);
    const rolId = rol.json<{ data: { rol_id: number } }>().data.rol_id;
    const alta = await post(a.url, 'usuario/registrar', { usuario: {
      usu_nombre: 'Prueba', usu_apellido: 'Instancias', usu_dni: '40280028', usu_correo: 'instancias@andina.pe', usu_password: 'Clave.Larga.2026',
      usu_nivel: 1, pry_id: null, lista_usuario_rol: [{ rol_id: rolId }], opciones: [],
    } }, admin);
    expect(alta.status, alta.body.toString()).toBe(201);
    const usuId = alta.json<{ data: { usu_id: number } }>().data.usu_id;
    const r = await firmar(b.url, 'instancias@andina.pe', 'Clave.Larga.2026');
    expect(r.status).toBe(200);
    const usuario = { authorization: `Bearer ${r.json<{ data: { access_token: string } }>().data.access_token}` };
    // Read on B first, so that B holds the profile in its cache: only the notification can make it see the change.
    expect((await post(b.url, 'marca/list', { search: '' }, usuario)).status).toBe(200);
    expect((await post(b.url, 'caja/buscar', {}, usuario)).status).toBe(403);

    const actual = (await post(a.url, 'rol/obtener', { rol: { rol_id: rolId } }, admin)).json<{ data: Record<string, unknown> & { modulos_codigos: string[]; opciones_codigos: string[] } }>().data;
    const cambio = await post(a.url, 'rol/modificar', { rol: {
      rol_id: rolId, rol_version: actual.rol_version, rol_nombre: actual.rol_nombre, rol_descripcion: actual.rol_descripcion, rol_estado: actual.rol_estado,
      rol_requiere_segundo_factor: actual.rol_requiere_segundo_factor, modulos: [...actual.modulos_codigos, 'caja'], opciones: actual.opciones_codigos,
    } }, admin);
    expect(cambio.status, cambio.body.toString()).toBe(200);
    expect(await dentroDe(1000, () => post(b.url, 'caja/buscar', {}, usuario), 200)).toBeLessThan(1000);

    const baja = await post(a.url, 'usuario/estado', { usuario: { usu_id: usuId, usu_estado: 0 } }, admin);
    expect(baja.status, baja.body.toString()).toBe(200);
    expect(await dentroDe(1000, () => post(b.url, 'marca/list', { search: '' }, usuario), 401)).toBeLessThan(1000);
  });

  it('login failures counted on one instance count on the other', async () => {
    const ip = '203.0.113.9';
    for (const base of [a.url, b.url, a.url, b.url, a.url, b.url, a.url, b.url, a.url, b.url]) {
      expect((await firmar(base, 'almacen', 'adivinanza', ip)).status).toBe(401);
    }
    // Ten failures from one address in a minute, five on each: both refuse it now, the right password included.
    for (const base of [a.url, b.url]) {
      const r = await firmar(base, 'almacen', PASSWORD, ip);
      expect(r.status).toBe(429);
      expect(r.json().message).toBe('Demasiados intentos, intente nuevamente en unos minutos');
    }
    // The owner elsewhere gets in (slowed, the account counts ten failures from any address).
    expect((await firmar(b.url, 'almacen', PASSWORD, '203.0.113.10')).status).toBe(200);
  });

  it('under a mixed load through the balancer a rolling restart loses no request and no write; numbers, mail and e-vouchers once', async () => {
    const inicio = Date.now();
    const via = lb.url;
    const u = {
      logistica: await sesion(via, 'logistica'), gerencia: await sesion(via, 'gerencia'), contabilidad: await sesion(via, 'contabilidad'),
      administracion: await sesion(via, 'administracion'), tesoreria: await sesion(via, 'tesoreria'),
    };
    const fallas: string[] = [];
    const respuestas = { total: 0 };
    /** Each order the load was told was registered, with the state its last approval answered. */
    const compras: { id: number; codigo: string; estado: number }[] = [];
    const ventas: number[] = [];
    let seguir = true;

    /** A call through the balancer that must answer 200; anything else (a 5xx, a cut connection) is recorded. */
    const paso = async <T = never>(path: string, body: unknown, who: Who, headers: Record<string, string> = {}): Promise<T | null> => {
      try {
        const r = await post(via, path, body, who, headers);
        respuestas.total++;
        if (r.status !== 200) {
          fallas.push(`${path}: ${r.status} ${r.body.toString().slice(0, 200)}`);
          return null;
        }
        return r.json<{ data: T }>().data;
      } catch (err) {
        fallas.push(`${path}: ${(err as Error).message}`);
        return null;
      }
    };

    const compra = async () => {
      const o = await paso<{ id_orden: number; codigo: string }>('orden/register-orden', {
        tipo_orden: 1, es_importacion: 0, centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
        condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 }, ord_numero_documento: 'F001-1',
        fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín', contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.admin },
        gerencia: { id_usuario: ids.gerencia }, referencia: 'Carga de varias instancias', descuento: 0, tipo_descuento: 1,
        orden_items: [{ descripcion: 'Cemento Portland tipo I', unidad: { id_unidad: ids.unidad }, cantidad: 4, precio_unitario: 250 }],
        orden_impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1, valor_aplicado: 1 }],
      }, u.logistica);
      if (!o) return;
      const c = { id: o.id_orden, codigo: o.codigo, estado: 1 };
      compras.push(c);
      if (await paso('orden/approve', { id_orden_estado: 2 }, u.gerencia, { idOrden: String(o.id_orden) })) {
        c.estado = 2;
        if (await paso('orden/approve', { id_orden_estado: 3 }, u.contabilidad, { idOrden: String(o.id_orden) })) c.estado = 3;
      }
    };

    const venta = async () => {
      const manana = `${formatFechaHoraLima(new Date(Date.now() + 86_400_000)).slice(0, 10)} 13:00`;
      const o = await paso<{ ovt_id: number; ovt_total: string; ovt_pagado: string }>('ordenVenta/registrar', { orden_venta: {
        cli_id: ids.cli, cde_id: ids.cde, ven_id: ids.ven, tid_id: 1, coc_id: 1, ovt_nombre_contacto: 'Luis Paredes', ovt_telefono_contacto: '987654321',
        ovt_correo_contacto: 'lparedes@prueba.pe', ovt_documento_identidad_contacto: '45879632', ovt_observaciones: 'Carga de varias instancias',
        ovt_guia: '', ovt_fecha_entrega: manana, lista_orden_venta_detalle: [{ pvt_id: ids.pvt, ovd_precio: ids.precio, ovd_cantidad: '2' }],
      } }, u.administracion);
      if (!o) return;
      ventas.push(o.ovt_id);
      const pago = await paso('ordenVentaPago/registrar', { orden_venta_pago: {
        ovt_id: o.ovt_id, ovp_fecha_pago: formatFechaHoraLima(new Date()), ovp_descripcion: 'Depósito BCP', ovp_monto: ventaSaldo(o.ovt_total, o.ovt_pagado),
      } }, u.administracion);
      if (pago) await paso('ordenVenta/generarComprobante', { orden_venta: { ovt_id: o.ovt_id } }, u.tesoreria);
    };

    const ingreso = async () => {
      try {
        const r = await firmar(via, ['logistica', 'gerencia', 'contabilidad', 'tesoreria'][respuestas.total % 4]);
        respuestas.total++;
        if (r.status !== 200) fallas.push(`oauth/token: ${r.status} ${r.body.toString().slice(0, 200)}`);
      } catch (err) {
        fallas.push(`oauth/token: ${(err as Error).message}`);
      }
    };
    const lectura = () => paso('orden/get-orden-list', { tipo: 1, length: 10 }, u.logistica);

    const escenarios = [compra, venta, ingreso, compra, lectura, venta];
    const usuarioVirtual = async (n: number) => {
      for (let i = n; seguir; i++) await escenarios[i % escenarios.length]();
    };
    const lector = async () => {
      while (seguir) await paso('orden/estado/list', undefined, u.logistica);
    };
    const carga = Promise.all([
      ...Array.from({ length: USUARIOS_VIRTUALES }, (_, n) => usuarioVirtual(n)),
      ...Array.from({ length: LECTORES }, () => lector()),
    ]);

    // The rolling restart, one instance at a time, while the load runs.
    await sleep(CARGA_ANTES_MS);
    const salidas: (number | null)[] = [];
    for (const inst of [a, b]) {
      salidas.push(await inst.stop('SIGTERM'));
      await inst.start();
      // As an operator does: the next one only once the balancer sends traffic to this one again.
      while (!lb.listo(inst.url)) await sleep(20);
      await sleep(500);
    }
    await sleep(CARGA_DESPUES_MS);
    seguir = false;
    await carga;
    const duracionCarga = Date.now() - inicio;

    expect(salidas).toEqual([0, 0]);
    expect(lb.perdidas, lb.cambios.join('\n')).toEqual([]);
    expect(fallas).toEqual([]);
    expect(compras.length).toBeGreaterThan(5);
    expect(ventas.length).toBeGreaterThan(3);
    // Both served, and the balancer had both ready again at the end.
    expect(lb.atendidas.get(a.url)).toBeGreaterThan(10);
    expect(lb.atendidas.get(b.url)).toBeGreaterThan(10);

    // No write lost: every order the load was told of exists, with its code, approved; numbers unique and gap-free.
    const guardadas = (await sql.query(`select ord_id, ord_codigo, ore_id from orden where ord_id = any($1::int[])`, [compras.map((c) => c.id)])).rows as { ord_id: number; ord_codigo: string; ore_id: number }[];
    expect(new Map(guardadas.map((g) => [g.ord_id, `${g.ord_codigo} ${g.ore_id}`]))).toEqual(new Map(compras.map((c) => [c.id, `${c.codigo} ${c.estado}`])));
    expect(compras.every((c) => c.estado === 3)).toBe(true);
    const numeros = (await sql.query(`select ord_numero from orden where ord_tipo_orden = 1 and ord_anio = $1 order by 1`, [limaYear()])).rows.map((r: { ord_numero: number }) => r.ord_numero);
    expect(numeros).toEqual(Array.from({ length: numeros.length }, (_, i) => i + 1));
    expect(new Set(compras.map((c) => c.codigo)).size).toBe(compras.length);

    // Each e-voucher reached SUNAT once, sent by whichever instance's worker took it; the series has no gap.
    const aceptados = async () => (await sql.query(`select '20547812361-' || nco_tipo || '-' || nco_serie || '-' || lpad(nco_numero::text, 8, '0') as nombre, nco_estado_sunat as estado
      from comprobante where ovt_id = any($1::int[])`, [ventas])).rows as { nombre: string; estado: string }[];
    let comprobantes = await aceptados();
    for (let t = 0; t < 150 && comprobantes.some((c) => c.estado !== 'aceptado'); t++) {
      await sleep(200);
      comprobantes = await aceptados();
    }
    expect(comprobantes.length).toBe(ventas.length);
    expect(comprobantes.filter((c) => c.estado !== 'aceptado')).toEqual([]);
    for (const c of comprobantes) expect(sunat.recibidos.filter((r) => r.nombre === c.nombre), c.nombre).toHaveLength(1);
    const serie = (await sql.query(`select nco_numero from comprobante where nco_serie = 'F001' order by 1`)).rows.map((r: { nco_numero: number }) => r.nco_numero);
    expect(serie).toEqual(Array.from({ length: serie.length }, (_, i) => i + 1));

    // Each outbox message reached the SMTP server once: the approvals' notifications, queued and sent by either instance.
    const esperan = async () => Number((await sql.query(`select count(*) from correo_salida where cos_estado = 'pendiente'`)).rows[0].count);
    for (let t = 0; t < 100 && (await esperan()) > 0; t++) await sleep(200);
    const filas = (await sql.query(`select cos_para, cos_asunto, cos_estado from correo_salida`)).rows as { cos_para: string; cos_asunto: string; cos_estado: string }[];
    expect(filas.filter((f) => f.cos_estado !== 'enviado')).toEqual([]);
    expect(filas.filter((f) => compras.some((c) => f.cos_asunto.includes(c.codigo))).length).toBeGreaterThan(compras.length);
    expect(contar(smtp.messages.map((m) => `${m.to.join(',')} ${asunto(m)}`))).toEqual(contar(filas.map((f) => `${f.cos_para} ${f.cos_asunto}`)));
    expect(duracionCarga).toBeLessThan(120_000);
  }, 240_000);
});

/** How many times each text occurs. */
function contar(textos: string[]): Record<string, number> {
  const n: Record<string, number> = {};
  for (const t of textos) n[t] = (n[t] ?? 0) + 1;
  return n;
}

/** A message's Subject header, its RFC 2047 encoded words decoded (nodemailer encodes the accents). */
function asunto(m: SmtpMessage): string {
  const cabecera = m.data.split(/\n\n/)[0].replace(/\r/g, '').replace(/\n[ \t]+/g, ' ');
  const linea = cabecera.split('\n').find((l) => /^subject:/i.test(l)) ?? '';
  const valor = linea.replace(/^subject:\s*/i, '');
  // Adjacent encoded words join without the space between them; their bytes decode together.
  return valor.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=\s*)+/g, (grupo) => {
    const bytes: Buffer[] = [];
    for (const [, tipo, texto] of grupo.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)) {
      bytes.push(tipo.toUpperCase() === 'B' ? Buffer.from(texto, 'base64')
        : Buffer.from(texto.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1'));
    }
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(grupo) ? ' ' : '');
  }).trim();
}
