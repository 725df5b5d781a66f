import { verify as verifyPassword } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { SEGUNDO_FACTOR_MSG, type AccessProfile, type SegundoFactorAlta } from '@obra/domain';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { Deps } from '../../deps.ts';
import type { Desafio } from '../../platform/auth/tokens.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors.ts';
import { crearSecretos } from '../../platform/secretos.ts';
import { findUser } from '../usuario/queries.ts';
import * as q from './segundo-factor-queries.ts';

/**
 * The second factor (TOTP, RFC 6238 through otplib; issue 26). Optional for everyone unless one of the user's roles
 * requires it (`rol.rol_requiere_segundo_factor`). After a right password the token endpoint answers 401 with the
 * words a client that knows nothing of it can show, and `data: {segundo_factor: 'codigo' | 'enrolar', desafio}`: a
 * 5-minute proof of the password for the second step (`/oauth/segundoFactor`, or the enrolment a role demands).
 */

const RECORDAR_DIAS = 30;
export const COOKIE_RECORDAR = 'obra_recordar';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const secretosDe = (deps: Deps) => crearSecretos(deps.config.secretsKey);

/** What the password step leads to: nothing more, a code, or the enrolment the user's role demands. */
export async function pasoSiguiente(deps: Deps, usuId: number, recordado: string | undefined): Promise<Desafio['tipo'] | null> {
  const estado = await q.estado(deps.database.db, usuId);
  if (estado.activo) return recordado && (await q.navegadorRecordado(deps.database.db, usuId, sha256(recordado))) ? null : 'codigo';
  return estado.requerido ? 'enrolar' : null;
}

/** The 401 of a right password that needs its second step. */
export async function pedirSegundoPaso(deps: Deps, usuId: number, ver: number, tipo: Desafio['tipo']): Promise<never> {
  const desafio = await deps.tokens.signDesafio({ usu_id: usuId, ver, tipo });
  throw new AppError(401, tipo === 'codigo' ? SEGUNDO_FACTOR_MSG.pideCodigo : SEGUNDO_FACTOR_MSG.pideEnrolar, { segundo_factor: tipo, desafio });
}

/** The challenge, still valid for the account as it is now (its token version unchanged), or 401. */
export async function desafioVigente(deps: Deps, token: string, tipo: Desafio['tipo']): Promise<Desafio> {
  const d = await deps.tokens.verifyDesafio(token);
  if (!d || d.tipo !== tipo) throw unauthorized(SEGUNDO_FACTOR_MSG.desafioVencido);
  const user = await findUser(deps.database.db, d.usu_id);
  if (!user || user.usu_estado !== 1 || user.usu_token_version !== d.ver) throw unauthorized(SEGUNDO_FACTOR_MSG.desafioVencido);
  return d;
}

/**
 * A TOTP code (one step of tolerance each way) or a recovery code, each usable once: the accepted time step is
 * stored and only a later one passes again; a recovery code is spent in the same statement that finds it.
 */
export async function comprobarCodigo(deps: Deps, usuId: number, codigo: { codigo?: string; codigo_recuperacion?: string }): Promise<boolean> {
  const db = deps.database.db;
  if (codigo.codigo_recuperacion) return q.gastarRecuperacion(db, usuId, sha256(codigo.codigo_recuperacion.replace('-', '')));
  const fila = await q.secreto(db, usuId);
  if (!fila || !codigo.codigo) return false;
  const secret = secretosDe(deps).abrir(fila.usf_secreto).toString('utf8');
  const r = await verifyTotp({ secret, token: codigo.codigo, epochTolerance: 30, afterTimeStep: fila.usf_paso });
  if (!r.valid || !('timeStep' in r) || typeof r.timeStep !== 'number') return false;
  return q.avanzarPaso(db, usuId, r.timeStep);
}

/** 'Recordar este navegador': a random token for an HttpOnly cookie; its hash kept 30 days. */
export async function recordarNavegador(deps: Deps, usuId: number): Promise<{ token: string; maxAge: number }> {
  const token = randomBytes(32).toString('base64url');
  await q.insertarNavegador(deps.database.db, usuId, sha256(token), RECORDAR_DIAS);
  return { token, maxAge: RECORDAR_DIAS * 86_400 };
}

/** A new secret (not active until a code confirms it), as a QR code and as text. */
export async function alta(deps: Deps, usuId: number, correo: string): Promise<SegundoFactorAlta> {
  const secreto = generateSecret();
  await q.guardarSecreto(deps.database.db, usuId, secretosDe(deps).cerrar(secreto));
  const uri = generateURI({ issuer: `Obra ${deps.config.company.name}`.slice(0, 60), label: correo, secret: secreto });
  return { secreto, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** The first code confirms the secret: the factor becomes active and ten recovery codes are made (shown once). */
export async function activar(deps: Deps, usuId: number, codigo: string): Promise<string[]> {
  const fila = await q.secreto(deps.database.db, usuId);
  if (!fila) throw badRequest(SEGUNDO_FACTOR_MSG.sinIniciar);
  if (fila.usf_activo) throw conflict(SEGUNDO_FACTOR_MSG.yaActivo);
  if (!(await comprobarCodigo(deps, usuId, { codigo }))) throw badRequest(SEGUNDO_FACTOR_MSG.codigoInvalido);
  return deps.database.db.transaction(async (tx) => {
    await q.activar(tx, usuId);
    return nuevosCodigos(tx, usuId);
  });
}

/** Ten codes like 'k3m9x-2p7qa', replacing the previous ones. */
async function nuevosCodigos(tx: Parameters<typeof q.reemplazarCodigos>[0], usuId: number): Promise<string[]> {
  const alfabeto = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codigos = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const s = Array.from(bytes, (b) => alfabeto[b % alfabeto.length]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
  await q.reemplazarCodigos(tx, usuId, codigos.map((c) => sha256(c.replace('-', ''))));
  return codigos;
}

async function conPassword(deps: Deps, usuId: number, password: string): Promise<void> {
  const user = await findUser(deps.database.db, usuId);
  if (!user || !(await verifyPassword(user.usu_password_hash, password).catch(() => false))) throw badRequest(SEGUNDO_FACTOR_MSG.passwordIncorrecta);
}

/** The signed-in user's own factor: whether active or required, and recovery codes left. */
export async function estadoPropio(deps: Deps, caller: AccessProfile) {
  const e = await q.estado(deps.database.db, caller.usu_id);
  return { activo: e.activo, requerido: e.requerido, codigos_restantes: e.codigos_restantes };
}

export async function iniciarPropio(deps: Deps, caller: AccessProfile): Promise<SegundoFactorAlta> {
  const e = await q.estado(deps.database.db, caller.usu_id);
  if (e.activo) throw conflict(SEGUNDO_FACTOR_MSG.yaActivo);
  const user = await findUser(deps.database.db, caller.usu_id);
  return alta(deps, caller.usu_id, user!.usu_correo);
}

export async function desactivarPropio(deps: Deps, caller: AccessProfile, password: string): Promise<void> {
  await conPassword(deps, caller.usu_id, password);
  if ((await q.estado(deps.database.db, caller.usu_id)).requerido) throw conflict(SEGUNDO_FACTOR_MSG.requerido);
  await q.borrar(deps.database.db, caller.usu_id);
}

export async function codigosPropios(deps: Deps, caller: AccessProfile, password: string): Promise<string[]> {
  await conPassword(deps, caller.usu_id, password);
  if (!(await q.estado(deps.database.db, caller.usu_id)).activo) throw badRequest(SEGUNDO_FACTOR_MSG.sinIniciar);
  return deps.database.db.transaction((tx) => nuevosCodigos(tx, caller.usu_id));
}

/** An administrator's reset for a lost phone: the factor, its codes and remembered browsers go; a required role enrols again. */
export async function restablecer(deps: Deps, usuId: number): Promise<void> {
  await q.borrar(deps.database.db, usuId);
}
