import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import ajusteRoutes from './ajuste/routes.ts';
import appRoutes from './app/routes.ts';
import asignacionRoutes from './asignacion/routes.ts';
import authRoutes from './auth/routes.ts';
import cajaRoutes from './caja/routes.ts';
import conciliacionRoutes from './conciliacion/routes.ts';
import clienteRoutes from './cliente/routes.ts';
import catalogoRoutes from './catalogo/routes.ts';
import centroCostoRoutes from './centro_costo/routes.ts';
import usuarioRoutes from './usuario/routes.ts';
import envioRoutes from './envio/routes.ts';
import empleadoRoutes from './empleado/routes.ts';
import inventarioRoutes from './inventario/routes.ts';
import marcaRoutes from './marca/routes.ts';
import mixerRoutes from './mixer/routes.ts';
import ordenRoutes from './orden/routes.ts';
import ordenPagoRoutes from './orden_pago/routes.ts';
import ordenVentaRoutes from './orden_venta/routes.ts';
import facturacionElectronicaRoutes from './facturacion_electronica/routes.ts';
import pedidoItemsRoutes from './pedido_items/routes.ts';
import productoRoutes from './producto/routes.ts';
import productoVentaRoutes from './producto_venta/routes.ts';
import proveedorRoutes from './proveedor/routes.ts';
import proveedorPortalRoutes from './proveedor_portal/routes.ts';
import proyectoRoutes from './proyecto/routes.ts';
import unidadRoutes from './unidad/routes.ts';
import transferenciaRoutes from './transferencia/routes.ts';
import vendedorRoutes from './vendedor/routes.ts';
import inicioRoutes from './inicio/routes.ts';
import indicadorRoutes from './indicador/routes.ts';
import notificacionRoutes from './notificacion/routes.ts';
import busquedaRoutes from './busqueda/routes.ts';
import auditoriaRoutes from './auditoria/routes.ts';
import rolRoutes from './rol/routes.ts';

/** Every module's routes, mounted under /api. */
export async function registerModules(api: FastifyInstance, deps: Deps): Promise<void> {
  for (const routes of [authRoutes, appRoutes, catalogoRoutes, usuarioRoutes, centroCostoRoutes, transferenciaRoutes,
    marcaRoutes, unidadRoutes, proveedorRoutes, productoRoutes, proyectoRoutes, empleadoRoutes, ordenRoutes, ordenPagoRoutes, inventarioRoutes, asignacionRoutes, cajaRoutes,
    clienteRoutes, vendedorRoutes, productoVentaRoutes, ordenVentaRoutes, facturacionElectronicaRoutes, pedidoItemsRoutes, proveedorPortalRoutes,
    mixerRoutes, envioRoutes, ajusteRoutes, inicioRoutes, indicadorRoutes, notificacionRoutes, busquedaRoutes, auditoriaRoutes, rolRoutes, conciliacionRoutes]) {
    await api.register(async (scope) => routes(scope, deps));
  }
}
