import { EmisorGuardar, FE_MSG } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['facturacion_electronica'];
const read = gate({ module: 'facturacion_electronica', read: true });
const write = gate({ module: 'facturacion_electronica' });

/** 'Facturación electrónica' (issue 22): the e-voucher issuer, its certificate and channel. Administrators. */
export default async function facturacionElectronicaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/facturacionElectronica/obtener', { ...read, schema: { tags } }, async () => ok(await service.obtener(deps)));

  app.post('/facturacionElectronica/guardar', { ...write, schema: { tags, body: EmisorGuardar } },
    async (req) => ok(await service.guardar(deps, caller(req), req.body.emisor), FE_MSG.guardado));

  app.post('/facturacionElectronica/certificado', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', service.certificadoRule);
    return ok(await service.cargarCertificado(deps, caller(req), file.buffer, fields.password ?? ''), FE_MSG.certificadoCargado);
  });

  app.post('/facturacionElectronica/probarConexion', { ...write, schema: { tags } }, async () => ok(null, await service.probar(deps)));
}
