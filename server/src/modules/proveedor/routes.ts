import { CuentaProveedorAdd, CuentaProveedorDelete, GetProveedor, ProveedorId, ProveedorList, ProveedorSave } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as service from './service.ts';

const tags = ['proveedor'];

/** Spec 1 §7 "Suppliers" and the supplier lookup of "Lookups". */
export default async function proveedorRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'proveedor', read: true });
  const write = gate({ module: 'proveedor' });

  app.post('/proveedor/list', { ...read, schema: { tags, body: ProveedorList } },
    async (req) => ok(await service.list(deps, req.body)));

  app.post('/proveedor/obtener', { ...read, schema: { tags, body: ProveedorId } },
    async (req) => ok(await service.obtener(deps, req.body.id_proveedor)));

  app.post('/proveedor/save', { ...write, schema: { tags, body: ProveedorSave } },
    async (req) => {
      const r = await service.save(deps, req.body);
      return ok(r.data, r.message);
    });

  app.delete('/proveedor/delete', { ...write, schema: { tags, body: ProveedorId } },
    async (req) => {
      const r = await service.remove(deps, req.body.id_proveedor);
      return ok(r.data, r.message);
    });

  // A lookup for the order form's autocomplete: every staff user may read it (docs/business-rules.md).
  app.post('/proveedor/get-proveedor', { ...gate({ module: null, read: true }), schema: { tags, body: GetProveedor } },
    async (req) => ok(await service.options(deps, req.body.razon_social)));

  app.post('/cuenta-proveedor/list', { ...read, schema: { tags, body: ProveedorId } },
    async (req) => ok(await service.listAccounts(deps, req.body.id_proveedor)));

  app.post('/cuenta-proveedor/add', { ...write, schema: { tags, body: CuentaProveedorAdd } },
    async (req) => {
      const r = await service.addAccount(deps, req.body);
      return ok(r.data, r.message);
    });

  app.delete('/cuenta-proveedor/delete', { ...write, schema: { tags, body: CuentaProveedorDelete } },
    async (req) => {
      const r = await service.removeAccount(deps, req.body.id_cuenta_proveedor);
      return ok(r.data, r.message);
    });
}
