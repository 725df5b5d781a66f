import { SCREEN_ROUTES } from '@obra/domain';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { RouteError } from '../ui/RouteError';
import { PublicRoute, RouteGuard } from './guard';

type Lazy = NonNullable<RouteObject['lazy']>;

// Each screen is its own chunk, so the login downloads neither the shell nor the tables.
const login: Lazy = async () => ({ Component: (await import('../modules/auth/LoginPage')).LoginPage });

/** Screens built so far, by their path in SCREEN_ROUTES; the rest show 'En construcción'. */
const SCREENS: Record<string, Lazy> = {
  '/login': login,
  '/login/:email': login,
  '/home': async () => ({ Component: (await import('../modules/home/HomePage')).HomePage }),
  '/forbidden': async () => ({ Component: (await import('../modules/home/ForbiddenPage')).ForbiddenPage }),
  '/user/change-password': async () => ({ Component: (await import('../modules/usuario/ChangePasswordPage')).ChangePasswordPage }),
  '/user/sesiones': async () => ({ Component: (await import('../modules/auth/SesionesPage')).SesionesPage }),
  '/auditoria': async () => ({ Component: (await import('../modules/auditoria/AuditoriaPage')).AuditoriaPage }),
  '/user/seguridad': async () => ({ Component: (await import('../modules/auth/SeguridadPage')).SeguridadPage }),
  '/user/notificaciones': async () => ({ Component: (await import('../modules/notificacion/PreferenciasPage')).PreferenciasPage }),
  '/notificaciones': async () => ({ Component: (await import('../modules/notificacion/NotificacionesPage')).NotificacionesPage }),
  '/usuario': async () => ({ Component: (await import('../modules/usuario/UsuarioPage')).UsuarioPage }),
  '/rol': async () => ({ Component: (await import('../modules/rol/RolPage')).RolPage }),
  '/correo': async () => ({ Component: (await import('../modules/correo/CorreoPage')).CorreoPage }),
  '/ajustes': async () => ({ Component: (await import('../modules/ajuste/AjustesPage')).AjustesPage }),
  '/centroCosto': async () => ({ Component: (await import('../modules/centro_costo/CentroCostoPage')).CentroCostoPage }),
  '/marca': async () => ({ Component: (await import('../modules/marca/MarcaPage')).MarcaPage }),
  '/unidad': async () => ({ Component: (await import('../modules/unidad/UnidadPage')).UnidadPage }),
  '/proveedor': async () => ({ Component: (await import('../modules/proveedor/ProveedorPage')).ProveedorPage }),
  '/producto': async () => ({ Component: (await import('../modules/producto/ProductoPage')).ProductoPage }),
  '/proyecto': async () => ({ Component: (await import('../modules/proyecto/ProyectoPage')).ProyectoPage }),
  '/empleado': async () => ({ Component: (await import('../modules/empleado/EmpleadoPage')).EmpleadoPage }),
  '/orden': async () => ({ Component: (await import('../modules/orden/OrdenPage')).OrdenPage }),
  '/orden/new': async () => ({ Component: (await import('../modules/orden/OrdenFormPage')).OrdenFormPage }),
  '/orden/edit/:id': async () => ({ Component: (await import('../modules/orden/OrdenFormPage')).OrdenFormPage }),
  '/orden/view/:id': async () => ({ Component: (await import('../modules/orden/OrdenViewPage')).OrdenViewPage }),
  '/orden/massive': async () => ({ Component: (await import('../modules/orden/OrdenMassivePage')).OrdenMassivePage }),
  '/search': async () => ({ Component: (await import('../modules/orden/PrecioSearchPage')).PrecioSearchPage }),
  '/orden/approve': async () => ({ Component: (await import('../modules/orden/OrdenAprobacionPage')).OrdenAprobacionPage }),
  '/orden/approve/:id': async () => ({ Component: (await import('../modules/orden/OrdenViewPage')).OrdenViewPage }),
  '/orden/importacion/:id': async () => ({ Component: (await import('../modules/orden/OrdenImportacionPage')).OrdenImportacionPage }),
  '/orden/restart/:id': async () => ({ Component: (await import('../modules/orden/OrdenReinicioPage')).OrdenReinicioPage }),
  '/inventario': async () => ({ Component: (await import('../modules/inventario/InventarioPage')).InventarioPage }),
  '/renovate': async () => ({ Component: (await import('../modules/inventario/RenovacionPage')).RenovacionPage }),
  '/ordenPago': async () => ({ Component: (await import('../modules/orden_pago/BandejaPage')).BandejaPage }),
  '/ordenPago/:ord_id': async () => ({ Component: (await import('../modules/orden_pago/OrdenPagoPage')).OrdenPagoPage }),
  '/ordenPago/:ord_id/:interfaz/:opg_id': async () => ({ Component: (await import('../modules/orden_pago/OrdenPagoPage')).OrdenPagoPage }),
  '/transferencia': async () => ({ Component: (await import('../modules/transferencia/TransferenciaPage')).TransferenciaPage }),
  '/asignaciones': async () => ({ Component: (await import('../modules/asignacion/AsignacionPage')).AsignacionPage }),
  '/caja': async () => ({ Component: (await import('../modules/caja/CajaPage')).CajaPage }),
  '/caja/new': async () => ({ Component: (await import('../modules/caja/CajaFormPage')).CajaFormPage }),
  '/caja/edit/:id': async () => ({ Component: (await import('../modules/caja/CajaFormPage')).CajaFormPage }),
  '/caja/view/:id': async () => ({ Component: (await import('../modules/caja/CajaViewPage')).CajaViewPage }),
  '/rendicion/new/:id/:codigo': async () => ({ Component: (await import('../modules/caja/RendicionPage')).RendicionPage }),
  '/cliente': async () => ({ Component: (await import('../modules/cliente/ClientePage')).ClientePage }),
  '/vendedor': async () => ({ Component: (await import('../modules/vendedor/VendedorPage')).VendedorPage }),
  '/productoVenta': async () => ({ Component: (await import('../modules/producto_venta/ProductoVentaPage')).ProductoVentaPage }),
  '/ordenVenta': async () => ({ Component: (await import('../modules/orden_venta/OrdenVentaPage')).OrdenVentaPage }),
  '/comprobantes': async () => ({ Component: (await import('../modules/comprobante/ComprobantesPage')).ComprobantesPage }),
  '/facturacionElectronica': async () => ({
    Component: (await import('../modules/facturacion_electronica/FacturacionElectronicaPage')).FacturacionElectronicaPage,
  }),
  '/pedidoItems': async () => ({ Component: (await import('../modules/pedido_items/PedidoItemsPage')).PedidoItemsPage }),
  '/pedidoItems/:action/:id': async () => ({ Component: (await import('../modules/pedido_items/PedidoItemsPage')).PedidoItemsPage }),
  '/proveedor/crearCuenta': async () => ({ Component: (await import('../modules/proveedor_cuenta/CrearCuentaPage')).CrearCuentaPage }),
  '/proveedor/confirmarCuenta': async () => ({ Component: (await import('../modules/proveedor_cuenta/ConfirmarCuentaPage')).ConfirmarCuentaPage }),
  '/restablecerPassword': async () => ({ Component: (await import('../modules/auth/RestablecerPasswordPage')).RestablecerPasswordPage }),
  '/envios': async () => ({ Component: (await import('../modules/envio/EnviosPage')).EnviosPage }),
  '/mixers': async () => ({ Component: (await import('../modules/mixer/MixersPage')).MixersPage }),
  '/proveedor/ordenCompra': async () => ({
    Component: (await import('../modules/proveedor_orden_compra/SupplierOrdersPage')).SupplierOrdersPage,
  }),
};

const underConstruction: Lazy = async () => ({
  Component: (await import('../modules/home/UnderConstructionPage')).UnderConstructionPage,
});

const shell: Lazy = async () => ({ Component: (await import('./shell/Shell')).Shell });

const screens = (publicOnes: boolean): RouteObject[] =>
  SCREEN_ROUTES.filter((r) => (r.module === 'public') === publicOnes).map((r) => ({
    path: r.path,
    lazy: SCREENS[r.path] ?? underConstruction,
  }));

function Root() {
  return (
    <>
      <LoadingOverlay />
      <Outlet />
    </>
  );
}

/** Spec 1 §2.1: history-mode paths; the root path and unknown paths go to /home. */
export const router = createBrowserRouter([
  {
    Component: Root,
    ErrorBoundary: RouteError,
    hydrateFallbackElement: <Spin fullscreen spinning delay={300} />,
    children: [
      { Component: PublicRoute, children: screens(true) },
      { Component: RouteGuard, children: [{ lazy: shell, children: screens(false) }] },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
]);
