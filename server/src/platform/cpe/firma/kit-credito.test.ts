/**
 * Credit facturas (issue 23) through SUNAT's offline checker, like `kit.test.ts`, with one known
 * false observation of the kit's snapshot of SUNAT's rules: in `ValidaExprRegFactura-2.0.1.xsl`
 * (template `cac:PaymentTerms`) rule 3249 counts `cac:PaymentTerms[... 'Cuota' ...]` relative to
 * the 'Credito' PaymentTerms itself, which UBL never nests, so every credit factura gets OBS 3249
 * "debe existir al menos información de una cuota" whatever it declares. Here it is accepted only
 * when the XML does carry Cuota001 (what the rule means to check); any other code fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EMISOR, facturaCreditoAdelantoEjemplo, facturaCreditoEjemplo } from '../ejemplo.test-data.ts';
import { CODIGO_TIPO, problemaSolicitud, serieNumero } from '../solicitud.ts';
import type { ComprobanteSolicitud } from '../tipos.ts';
import { facturaUbl } from '../xml/factura.ts';
import { generarCertificadoPrueba, leerPkcs12 } from './certificado.ts';
import { firmarXml } from './firmar.ts';
import { type ResultadoKit, KIT_SIN_HERRAMIENTA, kitCpe, validarConKit } from './validador.ts';

const kit = kitCpe();
const sinKit = kit ? '' : ` (skipped: ${process.env.CPE_KIT_DIR || '../shared/reference/cpe'} not found)`;

const casos: [titulo: string, solicitud: () => ComprobanteSolicitud][] = [
  ['a factura on credit in two cuotas', facturaCreditoEjemplo],
  ['a factura on credit after an advance, three cuotas for the rest', facturaCreditoAdelantoEjemplo],
];

const informe = (r: ResultadoKit) =>
  `exit ${r.exitCode}\n${r.codigos.map((c) => `${c.tipo} ${c.codigo} ${c.texto}`).join('\n') || '(no codes)'}\n--- validate.sh ---\n${r.salida}`;

describe('SUNAT offline checker on credit facturas', () => {
  const resultados = new Map<string, { r: ResultadoKit; xml: string }>();

  beforeAll(async () => {
    if (!kit) return;
    const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
    const cert = leerPkcs12(p12, password);
    await Promise.all(casos.map(async ([titulo, solicitud]) => {
      const s = solicitud();
      const xml = firmarXml(facturaUbl(EMISOR, s), cert).xml;
      resultados.set(titulo, { r: await validarConKit(xml, `${EMISOR.ruc}-${CODIGO_TIPO[s.tipo]}-${serieNumero(s)}`, kit), xml });
    }));
  }, 240_000);

  for (const [titulo, solicitud] of casos) {
    it.skipIf(!kit)(`${titulo}: accepted, no rejection, no observation but the kit's false 3249${sinKit}`, () => {
      expect(problemaSolicitud(solicitud()), 'the example itself must be a valid request').toBeNull();
      const hecho = resultados.get(titulo);
      if (!hecho) throw new Error('the kit did not run');
      const { r, xml } = hecho;
      expect(r.exitCode, `a tool of the kit is missing:\n${r.salida}`).not.toBe(KIT_SIN_HERRAMIENTA);
      expect(r.aceptado, informe(r)).toBe(true);
      expect(r.codigos.filter((c) => c.tipo === 'ERROR'), informe(r)).toEqual([]);
      expect(xml).toContain('<cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID>');
      expect(r.codigos.filter((c) => c.tipo === 'OBS' && c.codigo !== '3249'), informe(r)).toEqual([]);
    });
  }
});
