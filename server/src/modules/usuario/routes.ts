import { CORREO_MSG, ChangePassword, CorreoList, CorreoReenviar, GetByRol, MSG, ObtenerOpciones, SEGUNDO_FACTOR_MSG, SESION_MSG, UsuarioBuscar, UsuarioSegundoFactorRestablecer, UsuarioCerrarSesiones, UsuarioEstado, UsuarioFirmaQuery, UsuarioModificar, UsuarioObtener, UsuarioRegistrar } from '@obra/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import * as correos from './correos.ts';
import * as service from './service.ts';

const tags = ['usuario'];

export default async function usuarioRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/usuario/buscar', { ...gate({ module: 'usuario', read: true }), schema: { tags, body: UsuarioBuscar } },
    async (req) => ok(await service.search(deps, caller(req), req.body)));

  app.post('/usuario/obtener', { ...gate({ module: 'usuario', read: true }), schema: { tags, body: UsuarioObtener } },
    async (req) => ok(await service.get(deps, caller(req), req.body.usuario.usu_id)));

  app.post('/usuario/registrar', { ...gate({ module: 'usuario' }), schema: { tags, body: UsuarioRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.register(deps, caller(req), req.body.usuario), MSG.userRegistered)));

  app.post('/usuario/modificar', { ...gate({ module: 'usuario' }), schema: { tags, body: UsuarioModificar } },
    async (req) => ok(await service.modify(deps, caller(req), req.body.usuario), MSG.userModified));

  app.post('/usuario/estado', { ...gate({ module: 'usuario' }), schema: { tags, body: UsuarioEstado } },
    async (req) => {
      const saved = await service.setState(deps, caller(req), req.body.usuario);
      return ok(saved, saved.usu_estado === 1 ? 'Se activó el usuario' : 'Se desactivó el usuario');
    });

  app.post('/usuario/cerrarSesiones', { ...gate({ module: 'usuario' }), schema: { tags, body: UsuarioCerrarSesiones } },
    async (req) => ok(await service.closeSessions(deps, caller(req), req.body.usuario.usu_id), SESION_MSG.todasCerradas));

  // A lost phone (issue 26): the user's second factor goes; a role that requires it makes them enrol at the next login.
  app.post('/usuario/segundoFactor/restablecer', { ...gate({ module: 'usuario' }), schema: { tags, body: UsuarioSegundoFactorRestablecer } },
    async (req) => ok(await service.resetSecondFactor(deps, caller(req), req.body.usuario.usu_id), SEGUNDO_FACTOR_MSG.restablecido));

  app.post('/usuario/adjuntarFirma', { ...gate({ module: 'usuario' }), schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { fields, file } = await readUpload(req, 'firma', service.SIGNATURE_RULE);
      const usuId = z.coerce.number().int().positive().safeParse(fields.usu_id);
      if (!usuId.success) throw badRequest('Debe indicar el usuario');
      return ok(await service.attachSignature(deps, caller(req), usuId.data, file), MSG.signatureSaved);
    });

  const firma = async (req: FastifyRequest, reply: FastifyReply, usuId: number) => {
    const { content, mime } = await service.getSignature(deps, caller(req), usuId);
    return reply.header('content-type', mime).header('cache-control', 'private, no-store').send(content);
  };
  app.post('/usuario/obtenerFirma', { ...gate({ module: 'usuario', read: true }), schema: { tags, body: UsuarioObtener } },
    async (req, reply) => firma(req, reply, req.body.usuario.usu_id));
  // The link `/usuario/obtener` answers as `firma` (spec 1 "User", issue 27): the same gate and scope, the session's token still required.
  app.get('/usuario/obtenerFirma', { ...gate({ module: 'usuario', read: true }), schema: { tags, querystring: UsuarioFirmaQuery } },
    async (req, reply) => firma(req, reply, req.query.usu_id));

  app.post('/usuario/changePassword', { ...gate({ module: null, suppliers: true }), schema: { tags, body: ChangePassword } },
    async (req) => ok(await service.changePassword(deps, caller(req), req.body, req.sid), MSG.passwordChanged));

  app.post('/usuario/obtenerOpciones', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags, body: ObtenerOpciones } },
    async (req) => ok(await service.options(deps, caller(req), req.body.opcion_usuario.usu_id)));

  app.post('/usuario/correos', { ...gate({ module: 'usuario', read: true }), schema: { tags, body: CorreoList } },
    async (req) => ok(await correos.list(deps, caller(req), req.body)));

  app.post('/usuario/correos/reenviar', { ...gate({ module: 'usuario' }), schema: { tags, body: CorreoReenviar } },
    async (req) => ok(await correos.resend(deps, caller(req), req.body.cos_id), CORREO_MSG.reenviado));

  app.post('/usuario/get-by-rol', { ...gate({ module: null, read: true }), schema: { tags, body: GetByRol } },
    async (req) => ok(await service.byRole(deps, req.body.id_role)));
}

