import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { CrearCuentaDatos, CuentaConfirmada, CuentaCreada, ProveedorDatosRuc } from '@obra/domain';
import { MSG, PORTAL_MSG } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { AppError, PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { comprobarPassword } from '../../platform/passwords.ts';
import * as q from './cuenta-queries.ts';

/**
 * Supplier account creation (spec 3 §2 "Supplier account creation", DECISIONS §7). A RUC is public,
 * so knowing it must not be enough: the account starts unconfirmed and only a link mailed to the
 * supplier's registered e-mail (not the one typed) activates it. The link carries a random token
 * of which only the SHA-256 is kept; it expires and works once.
 */

/** How long a confirmation link works. */
export const ENLACE_HORAS = 48;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** `ventas@cementosandinos.com.pe` → `v***@c***.com.pe`: the owner recognises it, a stranger learns little. */
export function enmascararCorreo(correo: string): string {
  const [local, dominio = ''] = correo.trim().split('@');
  const [primero, ...resto] = dominio.split('.');
  return `${local.slice(0, 1)}***@${primero.slice(0, 1)}***${resto.length ? `.${resto.join('.')}` : ''}`;
}

/** Only the last digits of a phone or account number. */
const ultimos = (v: string, n: number) => {
  const digitos = v.replace(/\D/g, '');
  return digitos ? `***${digitos.slice(-n)}` : '';
};

/** Refuses when the supplier already has an account, or a pending one whose link still works. */
function assertSinCuenta(cuentas: q.CuentaExistente[], ruc: string): void {
  if (cuentas.some((c) => c.usu_confirmado)) throw conflict(PORTAL_MSG.yaTieneCuenta(ruc));
  if (cuentas.some((c) => c.enlace_vigente)) throw conflict(PORTAL_MSG.cuentaPendiente);
}

/**
 * `/proveedor2/obtenerDatosxRuc`: the company block for a registered, active supplier that may still
 * create its account. An unknown and an inactive supplier get the same answer.
 */
export async function obtenerDatosxRuc(deps: Deps, ruc: string, now = new Date()): Promise<ProveedorDatosRuc> {
  const db = deps.database.db;
  const p = await q.proveedorPorRuc(db, ruc);
  if (!p || !p.pve_es_activo) throw notFound(PORTAL_MSG.rucNoRegistrado(ruc));
  assertSinCuenta(await q.cuentasDeProveedor(db, p.pve_id, now), ruc);
  if (!p.pve_correo.trim()) throw conflict(PORTAL_MSG.sinCorreo);
  return {
    pve_id: p.pve_id,
    pve_ruc: p.pve_ruc,
    pve_razon_social: p.pve_razon_social,
    pve_telefono: ultimos(p.pve_telefono, 3),
    pve_correo: enmascararCorreo(p.pve_correo),
    pve_direccion: p.pve_direccion,
    pve_especialidad: p.pve_especialidad,
    pve_cuenta_detraccion: ultimos(p.pve_cuenta_detraccion, 4),
  };
}

const LIMA_FECHA_HORA = new Intl.DateTimeFormat('es-PE', {
  timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

function mailText(deps: Deps, p: q.ProveedorCuenta, u: CrearCuentaDatos['usuario'], enlace: string, expira: Date): string {
  const empresa = deps.config.company.name;
  return [
    `Estimados señores de ${p.pve_razon_social}:`,
    '',
    `Se solicitó crear una cuenta en el portal de proveedores de ${empresa} para su empresa (RUC ${p.pve_ruc}):`,
    `  Usuario: ${u.usu_correo}`,
    `  Nombre: ${u.usu_nombre} ${u.usu_apellido}`,
    '',
    `Para activarla, abran este enlace antes del ${LIMA_FECHA_HORA.format(expira)} (hora de Lima):`,
    enlace,
    '',
    'El enlace funciona una sola vez. Si ustedes no solicitaron esta cuenta, ignoren este correo: la cuenta no se activará.',
    '',
    'Atentamente,',
    empresa,
  ].join('\n');
}

/**
 * `/proveedor2/crearCuenta`: in one transaction, with the supplier row locked (concurrent tries for
 * one supplier queue, and the second finds the first's account): the account (tiu_id 3, the
 * supplier's pve_id, role PROVEEDOR, unconfirmed), its link, and the mail to the supplier's
 * registered e-mail (SMTP or the outbox). A mail the SMTP server refuses undoes it all (502).
 */
export async function crearCuenta(deps: Deps, d: CrearCuentaDatos, now = new Date()): Promise<CuentaCreada> {
  const u = d.usuario;
  await comprobarPassword(u.usu_password, { nombre: u.usu_nombre, apellido: u.usu_apellido, correo: u.usu_correo });
  const passwordHash = await hash(u.usu_password);
  const token = randomBytes(32).toString('base64url');
  const expira = new Date(now.getTime() + ENLACE_HORAS * 3600_000);
  const enlace = `${(await deps.ajustes.direccionPublica()).url}/proveedor/confirmarCuenta#${token}`;
  try {
    const cuenta = await deps.database.db.transaction(async (tx) => {
      const p = await q.lockProveedor(tx, d.proveedor.pve_id);
      if (!p || !p.pve_es_activo) throw notFound(PORTAL_MSG.proveedorNoEncontrado);
      const cuentas = await q.cuentasDeProveedor(tx, p.pve_id, now);
      assertSinCuenta(cuentas, p.pve_ruc);
      const para = p.pve_correo.trim();
      if (!para) throw conflict(PORTAL_MSG.sinCorreo);
      // A pending account whose link expired is taken over rather than left blocking the supplier.
      const vencida = cuentas.find((c) => !c.usu_confirmado) ?? null;
      if (await q.correoEnUso(tx, u.usu_correo, vencida?.usu_id ?? null)) throw conflict(MSG.emailTaken);
      const nueva = {
        usu_correo: u.usu_correo, usu_dni: u.usu_dni, usu_nombre: u.usu_nombre, usu_apellido: u.usu_apellido,
        usu_password_hash: passwordHash, pve_id: p.pve_id,
      };
      let usuId: number;
      if (vencida) {
        await q.rehacerCuenta(tx, vencida.usu_id, nueva);
        usuId = vencida.usu_id;
      } else {
        usuId = await q.insertCuenta(tx, nueva);
      }
      await q.insertEnlace(tx, usuId, sha256(token), expira);
      await deps.mailer.send(tx, {
        to: para,
        subject: `Confirme su cuenta del portal de proveedores — ${deps.config.company.name}`,
        text: mailText(deps, p, u, enlace, expira),
      });
      return { usu_correo: u.usu_correo, correo_confirmacion: enmascararCorreo(para) };
    });
    // The confirmation was queued with the account; the outbox's sender mails it once both are committed.
    deps.mailer.despertar();
    return cuenta;
  } catch (err) {
    // Two suppliers' users racing for one e-mail: the unique index answers for the second.
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(MSG.emailTaken);
    throw err;
  }
}

/** `/proveedor2/confirmarCuenta`: the link's token, once, before it expires. */
export async function confirmarCuenta(deps: Deps, token: string, now = new Date()): Promise<CuentaConfirmada> {
  const r = await deps.database.db.transaction(async (tx) => {
    const e = await q.lockEnlace(tx, sha256(token), now);
    if (!e) throw badRequest(PORTAL_MSG.enlaceInvalido);
    if (e.cfc_usado) throw conflict(e.usu_confirmado ? PORTAL_MSG.enlaceUsado : PORTAL_MSG.enlaceReemplazado);
    if (e.vencido) throw new AppError(410, PORTAL_MSG.enlaceVencido);
    await q.confirmar(tx, e);
    return e;
  });
  deps.profiles.invalidate(r.usu_id);
  return { usu_correo: r.usu_correo };
}
