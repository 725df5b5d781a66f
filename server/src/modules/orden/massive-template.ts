import type { AccessProfile } from '@obra/domain';
import { CONDICIONES_COMERCIALES, LUGAR_ENTREGA_DEFECTO, MAX_ORDEN_CARGA_FILAS, METODOS_PAGO, MONEDAS, ROLE, TIPOS_DOCUMENTO, limaDate } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import { templateWorkbook } from '../../platform/xlsx.ts';
import { lookups } from '../app/queries.ts';
import { COLUMNS } from './massive.ts';
import * as mq from './massive-queries.ts';

export const TEMPLATE_FILENAME = 'plantilla-ordenes-servicio.xlsx';

const INSTRUCCIONES = [
  'Carga masiva de órdenes de servicio',
  '',
  'Llene la hoja "Órdenes de servicio" (la primera): una fila por ítem.',
  'Las filas con el mismo "N° Orden" forman una orden; repita en cada una los mismos datos de la orden',
  '(centro de costo, proveedor, moneda, condición, fechas, correos...). Solo cambian Descripción, Unidad, Cantidad y Precio unitario.',
  'La hoja "Ejemplo" muestra dos órdenes completas; la hoja "Valores válidos", lo que aceptan las columnas de catálogo.',
  'Impuestos: IGV 18% y Detracción 12%; con Recibo por honorarios, IGV y Retención 8%. Los montos se calculan al cargar.',
  `Lugar de entrega vacío: ${LUGAR_ENTREGA_DEFECTO}.`,
  `Máximo ${MAX_ORDEN_CARGA_FILAS} filas por archivo. Si una fila tiene errores no se carga ninguna orden y se listan todas las filas con error.`,
];

/** dd-mm-aaaa of the Lima date `days` after `now`. */
function fechaDentroDe(now: Date, days: number) {
  const [y, m, d] = limaDate(new Date(now.getTime() + days * 86_400_000)).split('-');
  return `${d}-${m}-${y}`;
}

/**
 * The template: the sheet the load reads (headers with notes), an example of two orders filled
 * with real values of the caller's scope, the valid catalogue values and short instructions.
 * The example lives on its own sheet so that it is never loaded by mistake.
 */
export async function template(deps: Deps, caller: AccessProfile, now = new Date()): Promise<Buffer> {
  const db = deps.database.db;
  const [centros, unidades, ruc, contabilidad, administracion, gerencia] = await Promise.all([
    lookups.centros_costo(db, projectScope(caller)),
    lookups.unidades_medida(db),
    mq.proveedorEjemplo(db),
    mq.correoConRol(db, ROLE.CONTABILIDAD),
    mq.correoConRol(db, ROLE.ADMINISTRADOR),
    mq.correoConRol(db, ROLE.GERENCIA),
  ]);
  const wb = await templateWorkbook('Órdenes de servicio', COLUMNS);

  const unidad = unidades.find((u) => u.unm_simbolo.toUpperCase() === 'UND')?.unm_simbolo ?? unidades[0]?.unm_simbolo ?? '';
  const orden = {
    centro_costo: centros[0]?.codigo ?? '', ruc: ruc ?? '', moneda: 'PEN', condicion: 'Crédito', metodo_pago: 'Transferencia bancaria',
    fecha_pago: fechaDentroDe(now, 30), correo_contabilidad: contabilidad ?? '', correo_administracion: administracion ?? '', correo_gerencia: gerencia ?? '',
  };
  const ejemplo = wb.addWorksheet('Ejemplo');
  ejemplo.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ejemplo.getRow(1).font = { bold: true };
  ejemplo.addRows([
    { ...orden, orden: '1', tipo_documento: 'Factura', numero_documento: 'F001-000123', referencia: 'Mantenimiento preventivo de mixers',
      descripcion: 'Mantenimiento preventivo de mixer (cambio de aceite y filtros)', unidad, cantidad: 2, precio_unitario: 1500 },
    { ...orden, orden: '1', tipo_documento: 'Factura', numero_documento: 'F001-000123', referencia: 'Mantenimiento preventivo de mixers',
      descripcion: 'Revisión del sistema hidráulico del tambor', unidad, cantidad: 2, precio_unitario: 420.5 },
    { ...orden, orden: '2', tipo_documento: 'Recibo por honorarios', numero_documento: 'E001-45', referencia: 'Asesoría en diseño de mezclas',
      observacion: 'Incluye informe técnico', descripcion: 'Asesoría técnica en diseño de mezclas de concreto', unidad, cantidad: 1, precio_unitario: 2800 },
  ]);

  const valores = wb.addWorksheet('Valores válidos');
  valores.columns = [
    { header: 'Centro de costo', key: 'cec', width: 16 }, { header: 'Descripción', key: 'cecd', width: 36 }, { header: '', key: 'g1', width: 3 },
    { header: 'Moneda', key: 'mon', width: 12 }, { header: '', key: 'g2', width: 3 },
    { header: 'N°', key: 'cocn', width: 5 }, { header: 'Condición comercial', key: 'coc', width: 20 }, { header: '', key: 'g3', width: 3 },
    { header: 'N°', key: 'mepn', width: 5 }, { header: 'Método de pago', key: 'mep', width: 24 }, { header: '', key: 'g4', width: 3 },
    { header: 'N°', key: 'tidn', width: 5 }, { header: 'Código', key: 'tidc', width: 8 }, { header: 'Tipo de documento', key: 'tid', width: 30 },
    { header: '', key: 'g5', width: 3 }, { header: 'Unidad', key: 'unm', width: 10 }, { header: 'Descripción', key: 'unmd', width: 22 },
  ];
  valores.getRow(1).font = { bold: true };
  const monedas = MONEDAS.map((m) => `${m.mon_codigo} / ${m.mon_simbolo}`);
  const n = Math.max(centros.length, monedas.length, CONDICIONES_COMERCIALES.length, METODOS_PAGO.length, TIPOS_DOCUMENTO.length, unidades.length);
  for (let i = 0; i < n; i++) {
    valores.addRow({
      cec: centros[i]?.codigo, cecd: centros[i]?.descripcion, mon: monedas[i],
      cocn: CONDICIONES_COMERCIALES[i]?.coc_id, coc: CONDICIONES_COMERCIALES[i]?.coc_descripcion,
      mepn: METODOS_PAGO[i]?.mep_id, mep: METODOS_PAGO[i]?.mep_descripcion,
      tidn: TIPOS_DOCUMENTO[i]?.tid_id, tidc: TIPOS_DOCUMENTO[i]?.tid_codigo, tid: TIPOS_DOCUMENTO[i]?.tid_descripcion,
      unm: unidades[i]?.unm_simbolo, unmd: unidades[i]?.unm_descripcion,
    });
  }

  const ayuda = wb.addWorksheet('Instrucciones');
  ayuda.getColumn(1).width = 120;
  INSTRUCCIONES.forEach((line) => ayuda.addRow([line]));
  ayuda.getRow(1).font = { bold: true, size: 13 };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
