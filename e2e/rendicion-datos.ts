import { limaDate, rucCheckDigit } from '@obra/domain';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, apiPost } from './api';

/** Data of the settlement flows (spec 2 §2 "Settlement screen"): cash boxes, RUCs, dates and a PDF. */

export interface CajaCreada {
  caj_id: number;
  caj_codigo: string;
}

interface Datos {
  centros_costo: { cec_id: number; cec_codigo: string }[];
  gerentes: { usu_id: number; usu_nombre_completo: string }[];
  tipos_caja: { tca_id: number; tca_nombre: string }[];
  monedas: { mon_id: number; mon_simbolo: string }[];
}

/**
 * A cash box of estandar@ (Edificio Miraflores, CC-MF-01, soles) through the API, moved up to
 * `hasta`: registered, approved by its manager gerencia@ and deposited by tesoreria@.
 */
export async function crearCaja(request: APIRequestContext, titulo: string, monto: string, hasta: 'registrada' | 'depositada' = 'depositada'): Promise<CajaCreada> {
  const estandar = await apiLogin(request, 'estandar@andina.pe');
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const tesoreria = await apiLogin(request, 'tesoreria@andina.pe');
  const datos = await apiPost<Datos>(request, estandar, '/caja/cargarDatos', {});
  const cec = datos.centros_costo.find((c) => c.cec_codigo === 'CC-MF-01')!;
  const caja = await apiPost<CajaCreada>(request, estandar, '/caja/registrar', {
    caja: {
      mon_id: datos.monedas.find((m) => m.mon_simbolo === 'S/')!.mon_id, cec_id: cec.cec_id, tca_id: datos.tipos_caja[0].tca_id,
      caj_titulo: titulo, caj_descripcion: 'Gastos menores de la obra', caj_monto: monto,
      usu_gerente: gerencia.id_usuario, usu_solicitante: estandar.id_usuario,
    },
  });
  if (hasta === 'depositada') {
    const id = { caja: { caj_id: caja.caj_id } };
    await apiPost(request, estandar, '/caja/solicitarAprobacionCaja', id);
    await apiPost(request, gerencia, '/caja/aprobar', id);
    await apiPost(request, tesoreria, '/caja/depositar', { caja: { caj_id: caja.caj_id, caj_numero_operacion: 'OP-771203' } });
  }
  return caja;
}

/** A valid RUC from its first ten digits (SUNAT's check digit); `mal` gives it a wrong one instead. */
export function ruc(primeros10: string, mal = false): string {
  const d = rucCheckDigit(primeros10);
  return `${primeros10}${mal ? (d + 1) % 10 : d}`;
}

/** Today in Lima as the grid and the template write dates, dd/mm/yyyy. */
export const hoyDmy = () => limaDate().split('-').reverse().join('/');

/** A small valid PDF (one blank page, with its cross-reference table), as a scanner would give. */
export function pdfMinimo(texto: string): Buffer {
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 14 Tf 72 770 Td (${texto}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objetos.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
