/**
 * CI check (issue 23): our signed credit and debit notes, comunicaciones de baja and resúmenes
 * diarios pass SUNAT's offline checker (XSD, SUNAT's XSL rules, signature), as the vouchers do
 * (`kit.test.ts`). Checked together in `beforeAll`, a few JVMs at a time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { nombreSunat, problemaSolicitud } from '../solicitud.ts';
import type { ComprobanteSolicitud, NotaReferencia, ResumenSolicitud } from '../tipos.ts';
import { generarCertificadoPrueba, leerPkcs12 } from './certificado.ts';
import { firmarDocumento } from './documento.ts';
import { type ResultadoKit, KIT_SIN_HERRAMIENTA, enParalelo, kitCpe, validarConKit } from './validador.ts';

const kit = kitCpe();
const sinKit = kit ? '' : ` (skipped: ${process.env.CPE_KIT_DIR || '../shared/reference/cpe'} not found)`;

const f = facturaEjemplo();
const b = boletaEjemplo();
const refFactura: NotaReferencia = { tipo: '01', serie: f.serie, numero: f.numero, fecha_emision: f.fecha_emision, motivo_codigo: '01', motivo: 'Anulación de la operación' };
const bombeo = f.lineas[1];

/** Total credit note on the factura: every line as issued. */
const notaTotal = (): ComprobanteSolicitud => ({ ...f, tipo: 'nota_credito', serie: 'FC01', numero: 1, nota: refFactura });
/** Partial credit note: the pumping line returned, in part (1 of 2 hours). */
const notaParcial = (): ComprobanteSolicitud => ({
  ...f, tipo: 'nota_credito', serie: 'FC01', numero: 2,
  lineas: [{ ...bombeo, cantidad: '1.0000', subtotal: '250.00', igv: '45.00', total: '295.00' }], subtotal: '250.00', igv: '45.00', total: '295.00',
  nota: { ...refFactura, motivo_codigo: '07', motivo: 'Se bombeó una hora, no dos' },
});
const notaDebito = (): ComprobanteSolicitud => ({
  ...f, tipo: 'nota_debito', serie: 'FD01', numero: 1, lineas: [bombeo], subtotal: bombeo.subtotal, igv: bombeo.igv, total: bombeo.total,
  nota: { ...refFactura, motivo_codigo: '03', motivo: 'Penalidad por espera del camión en obra' },
});
const notaBoleta = (): ComprobanteSolicitud => ({
  ...b, tipo: 'nota_credito', serie: 'BC01', numero: 1,
  nota: { tipo: '03', serie: b.serie, numero: b.numero, fecha_emision: b.fecha_emision, motivo_codigo: '06', motivo: 'Devolución total' },
});
const baja = (): ResumenSolicitud => ({
  tipo: 'RA', serie: 'RA-20261125', numero: 1, fecha_referencia: f.fecha_emision, fecha_emision: '2026-11-25',
  items: [{ tipo: '01', serie: f.serie, numero: f.numero, motivo: 'Error en el RUC del cliente' }],
});
const itemBoleta = { cliente_tipo_documento: '1', cliente_numero_documento: '45678912', moneda: 'PEN' as const, subtotal: b.subtotal, igv: b.igv, total: b.total };
const resumen = (): ResumenSolicitud => ({
  tipo: 'RC', serie: 'RC-20261125', numero: 1, fecha_referencia: b.fecha_emision, fecha_emision: '2026-11-25',
  items: [{ tipo: '03', serie: b.serie, numero: b.numero, motivo: 'Anulación', ...itemBoleta }],
});
const resumenNota = (): ResumenSolicitud => ({
  ...resumen(), numero: 2,
  items: [{ tipo: '07', serie: 'BC01', numero: 1, motivo: 'Anulación', ...itemBoleta, referencia: { tipo: '03', serie: b.serie, numero: b.numero } }],
});

const casos: [titulo: string, tipo: string, datos: () => ComprobanteSolicitud | ResumenSolicitud][] = [
  ['a credit note cancelling a factura (07, reason 01)', '07', notaTotal],
  ['a partial credit note on one line (07, reason 07)', '07', notaParcial],
  ['a debit note on a factura (08, reason 03)', '08', notaDebito],
  ['a credit note on a boleta (07, BC01, reason 06)', '07', notaBoleta],
  ['a comunicación de baja of a factura (RA)', 'RA', baja],
  ['a resumen diario cancelling a boleta (RC)', 'RC', resumen],
  ['a resumen diario cancelling a boleta\'s credit note (RC)', 'RC', resumenNota],
];

const informe = (r: ResultadoKit) =>
  `exit ${r.exitCode}\n${r.codigos.map((c) => `${c.tipo} ${c.codigo} ${c.texto}`).join('\n') || '(no codes)'}\n--- validate.sh ---\n${r.salida}`;

describe('SUNAT offline checker on notes and summaries', () => {
  const resultados = new Map<string, ResultadoKit>();

  beforeAll(async () => {
    if (!kit) return;
    const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
    const cert = leerPkcs12(p12, password);
    const hechos = await enParalelo(casos, 3, ([, tipo, datos]) => {
      const d = datos();
      return validarConKit(firmarDocumento(tipo, EMISOR, cert, d).xml, nombreSunat(EMISOR.ruc, tipo, d.serie, d.numero), kit);
    });
    casos.forEach(([titulo], i) => resultados.set(titulo, hechos[i]));
  }, 240_000);

  for (const [titulo, tipo, datos] of casos) {
    it.skipIf(!kit)(`${titulo}: accepted, no rejection or observation${sinKit}`, () => {
      if (tipo === '07' || tipo === '08') expect(problemaSolicitud(datos() as ComprobanteSolicitud), 'the example itself must be a valid request').toBeNull();
      const r = resultados.get(titulo);
      if (!r) throw new Error('the kit did not run');
      expect(r.exitCode, `a tool of the kit is missing:\n${r.salida}`).not.toBe(KIT_SIN_HERRAMIENTA);
      expect(r.aceptado, informe(r)).toBe(true);
      expect(r.codigos, informe(r)).toEqual([]);
    });
  }

  it.skipIf(!kit)(`a credit note naming a document of the other kind is refused, so the check is not vacuous${sinKit}`, async () => {
    const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
    const d = { ...notaTotal(), nota: { ...refFactura, tipo: '03' as const } };
    const r = await validarConKit(firmarDocumento('07', EMISOR, leerPkcs12(p12, password), d).xml, nombreSunat(EMISOR.ruc, '07', d.serie, d.numero), kit!);
    expect(r.aceptado, informe(r)).toBe(false);
  }, 60_000);
});
