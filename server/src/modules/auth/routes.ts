import {
  MSG, OlvidePassword, RESTABLECER_MSG, RestablecerPassword, SEGUNDO_FACTOR_MSG, SESION_MSG, SegundoFactorActivar, SegundoFactorActivarDesafio,
  SegundoFactorDesafio, SegundoFactorPassword, SegundoFactorVerificar, SesionCerrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { caller } from '../../platform/request.ts';
import { cerrarSesion, sesionesAbiertas } from '../../platform/auth/sesiones.ts';
import * as restablecer from './restablecer.ts';
import * as segundoFactor from './segundo-factor.ts';
import * as service from './service.ts';

const TokenRequest = z.object({
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(150),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
  grant_type: z.string({ error: MSG.required }),
});

export default async function authRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Failures are counted per account and address in the audit table (DECISIONS §1), which
  // holds across instances; this route-level limit only stops floods of sign-ins from one
  // address (a tenth of the address's API budget: 120 a minute by default, enough for an
  // office behind one public address signing in at the start of a shift).
  const floodLimit = Math.max(10, Math.floor(deps.config.rateLimitPerMinute / 10));
  app.post('/oauth/token', {
    config: { access: { public: true }, rateLimit: { max: floodLimit, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], consumes: ['application/x-www-form-urlencoded'], body: TokenRequest },
  }, async (req) => {
    if (!service.clientMatches(deps, req.headers.authorization)) throw unauthorized(MSG.badClient);
    if (req.body.grant_type !== 'password') throw badRequest('Tipo de concesión no soportado');
    return ok(await service.login(deps, req.body, req.ip, req.log, req.headers['user-agent'], cookie(req.headers.cookie, segundoFactor.COOKIE_RECORDAR)));
  });

  // The login's second step (issue 26): the code, or a recovery code; 'recordar' sets an HttpOnly cookie read only by
  // the token endpoint (path /api/oauth), so this browser skips the code for 30 days.
  app.post('/oauth/segundoFactor', {
    config: { access: { public: true }, rateLimit: { max: floodLimit, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: SegundoFactorVerificar },
  }, async (req, reply) => {
    const r = await service.segundoPaso(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'], log: req.log });
    if (r.recordar) {
      const secure = deps.config.https ? '; Secure' : '';
      reply.header('Set-Cookie', `${segundoFactor.COOKIE_RECORDAR}=${r.recordar.token}; Path=/api/oauth; Max-Age=${r.recordar.maxAge}; HttpOnly; SameSite=Strict${secure}`);
    }
    return ok(r.sesion);
  });

  // The enrolment a role demands before anything else: the QR, then the first code signs in (with the recovery codes).
  app.post('/oauth/segundoFactor/enrolar', {
    config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: SegundoFactorDesafio },
  }, async (req) => ok(await service.enrolarAlIngresar(deps, req.body.desafio)));

  app.post('/oauth/segundoFactor/activar', {
    config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: SegundoFactorActivarDesafio },
  }, async (req) => ok(await service.activarAlIngresar(deps, req.body.desafio, req.body.codigo, { ip: req.ip, userAgent: req.headers['user-agent'], log: req.log }), SEGUNDO_FACTOR_MSG.activado));

  // A user's own second factor ('Seguridad'): every user may protect their account, read-only ones included.
  const propio = gate({ module: null, read: true, suppliers: true });
  app.post('/segundoFactor/estado', { ...propio, schema: { tags: ['sesion'] } }, async (req) => ok(await segundoFactor.estadoPropio(deps, caller(req))));
  app.post('/segundoFactor/iniciar', { ...propio, schema: { tags: ['sesion'] } }, async (req) => ok(await segundoFactor.iniciarPropio(deps, caller(req))));
  app.post('/segundoFactor/activar', { ...propio, schema: { tags: ['sesion'], body: SegundoFactorActivar } },
    async (req) => ok({ codigos_recuperacion: await segundoFactor.activar(deps, caller(req).usu_id, req.body.codigo) }, SEGUNDO_FACTOR_MSG.activado));
  app.post('/segundoFactor/desactivar', { ...propio, schema: { tags: ['sesion'], body: SegundoFactorPassword } }, async (req) => {
    await segundoFactor.desactivarPropio(deps, caller(req), req.body.password);
    return ok(null, SEGUNDO_FACTOR_MSG.desactivado);
  });
  app.post('/segundoFactor/codigos', { ...propio, schema: { tags: ['sesion'], body: SegundoFactorPassword } },
    async (req) => ok({ codigos_recuperacion: await segundoFactor.codigosPropios(deps, caller(req), req.body.password) }, SEGUNDO_FACTOR_MSG.codigosNuevos));

  // '¿Olvidó su contraseña?' (issue 26): public, a few a minute per address on top of the per-account limit.
  app.post('/oauth/olvidePassword', {
    config: { access: { public: true }, rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: OlvidePassword },
  }, async (req) => {
    await restablecer.olvidePassword(deps, req.body.usu_correo, req.ip, req.log);
    return ok(null, RESTABLECER_MSG.enviado);
  });

  app.post('/oauth/restablecerPassword', {
    config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: RestablecerPassword },
  }, async (req) => ok(await restablecer.restablecerPassword(deps, req.body.token, req.body.password, req.ip), RESTABLECER_MSG.restablecido));

  app.post('/oauth/session', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } },
    async (req) => ok(await service.current(deps, caller(req).usu_id, req.headers.authorization!.slice(7).trim())));

  // 'Mis sesiones' (issue 26): every user, suppliers and read-only users included, lists and closes their own.
  app.post('/sesion/buscar', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } }, async (req) => {
    const filas = await sesionesAbiertas(deps.database.db, caller(req).usu_id);
    return ok(filas.map((f) => ({ ...f, actual: f.ses_id === req.sid })));
  });

  // 'Cerrar sesión' ends the caller's session on the server too (its token stops working everywhere).
  app.post('/oauth/logout', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } }, async (req) => {
    const usuId = caller(req).usu_id;
    if (req.sid) await cerrarSesion(deps.database.db, usuId, req.sid);
    deps.profiles.invalidate(usuId);
    return ok(null, SESION_MSG.cerrada);
  });

  // Closing a session is no change of the company's data: a read-only user may end theirs.
  app.post('/sesion/cerrar', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'], body: SesionCerrar } }, async (req) => {
    const usuId = caller(req).usu_id;
    if (!(await cerrarSesion(deps.database.db, usuId, req.body.sesion.ses_id))) throw notFound(SESION_MSG.noExiste);
    // This instance at once; the others through the trigger's notice.
    deps.profiles.invalidate(usuId);
    return ok(null, SESION_MSG.cerrada);
  });
}

/** One cookie's value from a Cookie header (the only cookie the API reads). */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
