import type { AccessProfile, BusquedaFila, BusquedaGrupo, BusquedaTipo, ModuleCode } from '@obra/domain';
import { BUSQUEDA_POR_TIPO, BUSQUEDA_TIPOS, hasModule } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

/** The module whose list each kind comes from: a caller without it does not search that kind. */
const MODULO: Record<BusquedaTipo, ModuleCode> = {
  orden_compra: 'orden_compra',
  orden_venta: 'orden_venta',
  // Comprobantes electrónicos is a screen of the sales module.
  comprobante: 'orden_venta',
  envio: 'envio',
  transferencia: 'transferencia_items',
  caja: 'caja',
  proveedor: 'proveedor',
  cliente: 'cliente',
  producto: 'producto',
  empleado: 'empleado',
};

/** The screen that opens a record (web routes; `?ver=` opens the list's view or edit popup). */
function enlace(tipo: BusquedaTipo, id: number, ref: number | null): string {
  switch (tipo) {
    case 'orden_compra': return `/orden/view/${id}`;
    case 'caja': return `/caja/view/${id}`;
    case 'orden_venta': return `/ordenVenta?ver=${id}`;
    case 'comprobante': return `/comprobantes?ver=${ref ?? 0}`;
    case 'envio': return `/envios?ver=${id}`;
    case 'transferencia': return `/transferencia?ver=${id}`;
    case 'proveedor': return `/proveedor?ver=${id}`;
    case 'cliente': return `/cliente?ver=${id}`;
    case 'producto': return `/producto?ver=${id}`;
    case 'empleado': return `/empleado?ver=${id}`;
  }
}

const MAX_INT = 2_147_483_647;

/** What the text can be: a code prefix, an order number, a sales order, an e-voucher, words of a name, a RUC / DNI. */
export function interpretar(texto: string): Omit<q.BusquedaFiltro, 'limite' | 'scope' | 'usu_id' | 'tipos'> {
  const t = texto.trim();
  const ov = /^(?:OV-?\s*)?(\d{1,10})$/i.exec(t);
  const ovtId = ov ? Number(ov[1]) : null;
  const cpe = /^([FB][A-Z0-9]{3})(?:\s*-\s*0*(\d{1,8}))?$/i.exec(t);
  const palabras = t.length < 3 ? [] : t.toLowerCase().split(/\s+/).filter((w) => w.length >= 3).slice(0, 6);
  return {
    prefijo: t.toUpperCase(),
    prefijoOrden: /^\d{1,6}$/.test(t) ? t.padStart(6, '0') : null,
    ovtId: ovtId !== null && ovtId >= 1 && ovtId <= MAX_INT ? ovtId : null,
    comprobante: cpe ? { serie: cpe[1]!.toUpperCase(), numero: cpe[2] === undefined ? null : Number(cpe[2]) } : null,
    palabras,
    digitos: /^\d{3,11}$/.test(t) ? t : null,
  };
}

/**
 * `/busqueda/global`: the top matches of each kind the caller's modules allow, within the caller's project
 * or warehouse scope as each list applies it (docs/business-rules.md "Búsqueda global (issue 25)").
 */
export async function buscar(deps: Deps, caller: AccessProfile, texto: string): Promise<BusquedaGrupo[]> {
  const tipos = new Set<string>(BUSQUEDA_TIPOS.map((k) => k.tipo).filter((k) => hasModule(caller, MODULO[k])));
  const rows = await q.buscar(deps.database.db, {
    ...interpretar(texto), limite: BUSQUEDA_POR_TIPO, scope: projectScope(caller), usu_id: caller.usu_id, tipos,
  });
  return BUSQUEDA_TIPOS.flatMap(({ tipo, titulo }) => {
    const filas: BusquedaFila[] = rows.filter((r) => r.tipo === tipo).map((r) => ({
      tipo, id: r.id, codigo: r.codigo, titulo: r.titulo ?? '', detalle: r.detalle ?? '', enlace: enlace(tipo, r.id, r.ref),
    }));
    return filas.length ? [{ tipo, titulo, filas }] : [];
  });
}
