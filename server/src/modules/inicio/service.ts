import type { AccessProfile } from '@obra/domain';
import { TFI_ESTADO, TFI_TIPO, hasModule, hasOption, isReadOnly, isSuper } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

export interface PendienteLinea {
  clave: string;
  titulo: string;
  cantidad: number;
  enlace: string;
}

/**
 * `/inicio/pendientes`: the caller's work queue (issue 25, docs/business-rules.md "Inicio: pendientes").
 * A line shows only when the caller can act on it (module, option, project / warehouse scope, as the
 * screen it opens) and its count is above 0. Suppliers are refused by the route (not a `suppliers` route).
 */
export async function pendientes(deps: Deps, caller: AccessProfile): Promise<PendienteLinea[]> {
  const escribe = !isReadOnly(caller);
  const compras = hasModule(caller, 'orden_compra') && escribe;
  const pagos = hasModule(caller, 'orden_pago') && escribe;
  const c = await q.conteos(deps.database.db, {
    gerencia: compras && hasOption(caller, 'aprobar_orden_compra') ? (isSuper(caller) ? 'all' : caller.usu_id) : null,
    contabilidad: compras && hasOption(caller, 'aprobar_orden_compra_contable'),
    pagoAprobar: pagos && hasOption(caller, 'aprobar_orden_pago'),
    pagoDepositar: pagos,
    transferencias: hasModule(caller, 'transferencia_items') && escribe,
    compraExterna: TFI_TIPO.COMPRA_EXTERNA,
    creado: TFI_ESTADO.CREADO,
    scope: projectScope(caller),
  });
  const lineas: PendienteLinea[] = [
    { clave: 'orden_gerencia', titulo: 'Órdenes de compra por aprobar (gerencia)', cantidad: c.orden_gerencia, enlace: '/orden/approve' },
    { clave: 'orden_contabilidad', titulo: 'Órdenes de compra por aprobar (contabilidad)', cantidad: c.orden_contabilidad, enlace: '/orden/approve' },
    { clave: 'pago_aprobar', titulo: 'Órdenes de pago por aprobar', cantidad: c.pago_aprobar, enlace: '/ordenPago?estado=OXA' },
    { clave: 'pago_depositar', titulo: 'Órdenes de pago por depositar', cantidad: c.pago_depositar, enlace: '/ordenPago?estado=OPA' },
    { clave: 'transferencia_ingresar', titulo: 'Transferencias por confirmar en mis almacenes', cantidad: c.transferencia_ingresar, enlace: '/transferencia?est_codigo=creado&tfi_tipo=' },
  ];
  return lineas.filter((l) => l.cantidad > 0);
}
