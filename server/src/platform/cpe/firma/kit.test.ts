/**
 * CI check (issue 22): our signed facturas and boletas pass SUNAT's offline checker (XSD, SUNAT's XSL
 * rules, signature). Each run starts a JVM (~3 s of CPU), so the documents are checked together in
 * `beforeAll`, a few at a time, and each case then reads its result.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMISOR, boletaEjemplo, boletaSinDocumentoEjemplo, facturaDolaresEjemplo, facturaEjemplo, facturaFraccionesEjemplo,
  facturaVariasLineasEjemplo,
} from '../ejemplo.test-data.ts';
import { CODIGO_TIPO, problemaSolicitud, serieNumero } from '../solicitud.ts';
import type { ComprobanteSolicitud } from '../tipos.ts';
import { facturaUbl } from '../xml/factura.ts';
import { guiaEjemplo, guiaPersonaEjemplo } from '../guia-ejemplo.test-data.ts';
import { problemaGuia, type GuiaSolicitud } from '../guias/guia.ts';
import { guiaUbl } from '../xml/guia.ts';
import { generarCertificadoPrueba, leerPkcs12 } from './certificado.ts';
import { firmarXml } from './firmar.ts';
import { type ResultadoKit, KIT_SIN_HERRAMIENTA, codigosDe, enParalelo, kitCpe, validarConKit } from './validador.ts';

const kit = kitCpe();
const sinKit = kit ? '' : ` (skipped: ${process.env.CPE_KIT_DIR || '../shared/reference/cpe'} not found)`;
/** At most three JVMs at once: each holds a core for ~3 s, and the other test files need CPU too. */
const A_LA_VEZ = 3;

const casos: [titulo: string, solicitud: () => ComprobanteSolicitud][] = [
  ['a factura to a RUC', facturaEjemplo],
  ['a boleta to a DNI', boletaEjemplo],
  ['a boleta to a buyer without document', boletaSinDocumentoEjemplo],
  ['fractional m³ (7.5, 0.25) and unit values whose price with IGV is inexact', facturaFraccionesEjemplo],
  ['five lines without discounts, units MTQ HUR BG KGM ZZ', facturaVariasLineasEjemplo],
  ['a factura in US dollars', facturaDolaresEjemplo],
];

const nombreSunat = (s: ComprobanteSolicitud) => `${EMISOR.ruc}-${CODIGO_TIPO[s.tipo]}-${serieNumero(s)}`;

/** What failed, for the assertion message: every code, then the kit's report. */
const informe = (r: ResultadoKit) =>
  `exit ${r.exitCode}\n${r.codigos.map((c) => `${c.tipo} ${c.codigo} ${c.texto}`).join('\n') || '(no codes)'}\n--- validate.sh ---\n${r.salida}`;

describe('SUNAT offline checker on our documents', () => {
  const resultados = new Map<string, ResultadoKit>();
  let sinFirmar: ResultadoKit;

  beforeAll(async () => {
    if (!kit) return;
    const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
    const cert = leerPkcs12(p12, password);
    const trabajos = [
      ...casos.map(([titulo, solicitud]) => ({ titulo, s: solicitud(), firmar: true })),
      { titulo: 'unsigned', s: facturaEjemplo(), firmar: false },
    ];
    const hechos = await enParalelo(trabajos, A_LA_VEZ, async ({ s, firmar }) => {
      const xml = facturaUbl(EMISOR, s);
      return validarConKit(firmar ? firmarXml(xml, cert).xml : xml, nombreSunat(s), kit);
    });
    trabajos.forEach((t, i) => (t.firmar ? resultados.set(t.titulo, hechos[i]) : (sinFirmar = hechos[i])));
  }, 240_000);

  for (const [titulo, solicitud] of casos) {
    it.skipIf(!kit)(`${titulo}: accepted, no rejection or observation${sinKit}`, () => {
      expect(problemaSolicitud(solicitud()), 'the example itself must be a valid request').toBeNull();
      const r = resultados.get(titulo);
      if (!r) throw new Error('the kit did not run');
      expect(r.exitCode, `a tool of the kit is missing:\n${r.salida}`).not.toBe(KIT_SIN_HERRAMIENTA);
      expect(r.aceptado, informe(r)).toBe(true);
      expect(r.codigos.filter((c) => c.tipo === 'ERROR'), informe(r)).toEqual([]);
      expect(r.codigos.filter((c) => c.tipo === 'OBS'), informe(r)).toEqual([]);
    });
  }

  it.skipIf(!kit)(`an unsigned document is refused with 1059, so the check is not vacuous${sinKit}`, () => {
    expect(sinFirmar.exitCode, informe(sinFirmar)).toBe(1);
    // The empty ExtensionContent waiting for the signature is an XSD error too: drafts are never sent.
    expect(sinFirmar.codigos.map((c) => c.codigo), informe(sinFirmar)).toEqual(['XSD', '1059']);
  });
});

describe('reading the checker report', () => {
  it('takes rule findings, raw or formatted, and failed steps under the SUNAT code they name', () => {
    const salida = [
      'CPE check: 20547812361-03-B001-00000001.xml',
      '  [XSD]   PASS  xsd/2.1/maindoc/UBL-Invoice-2.1.xsd',
      '  [RULES] FAIL  rules/xsl/ValidaExprRegBoleta-2.0.1.xsl: 1 rejection(s), 1 observation(s)',
      '          OBS   4269 El dato ingresado como codigo de producto no cumple con el formato establecido.  [Error en la linea: 1]',
      '          ERROR 3128 El XML contiene información de codigo de bien.  [INFO : errorCode 3128]  <- first (SUNAT stops here)',
      'CPE|ERROR|3035|El xml no contiene el tag|detalle',
      '  [SIGN]  FAIL  1059 El XML no contiene firma digital.',
      '  [SIGN]  FAIL  xmlsec1 --verify: digest mismatch (SUNAT 2334/2335: El documento ha sido alterado)',
      '  [XSD]   FAIL  xsd/2.1/maindoc/UBL-Invoice-2.1.xsd: 2 error(s)',
      'RESULT: REJECTED (exit 1)',
    ].join('\n');
    expect(codigosDe(salida).map((c) => `${c.tipo} ${c.codigo} ${c.texto}`)).toEqual([
      'OBS 4269 El dato ingresado como codigo de producto no cumple con el formato establecido.',
      'ERROR 3128 El XML contiene información de codigo de bien.',
      'ERROR 3035 El xml no contiene el tag',
      'ERROR 1059 El XML no contiene firma digital.',
      'ERROR 2334 xmlsec1 --verify: digest mismatch (SUNAT 2334/2335: El documento ha sido alterado)',
      'ERROR XSD xsd/2.1/maindoc/UBL-Invoice-2.1.xsd: 2 error(s)',
    ]);
  });
});

describe('SUNAT offline checker on our sender guides (09)', () => {
  const casos: [titulo: string, guia: () => GuiaSolicitud][] = [
    ['a guide to a RUC: 16 800 kg, DNI and licence of the driver, the plate typed with a hyphen', guiaEjemplo],
    ['a guide to a DNI in tonnes, a fractional load, a driver with carné de extranjería, a plate typed in lower case with a space', guiaPersonaEjemplo],
  ];
  const resultados = new Map<string, ResultadoKit>();

  beforeAll(async () => {
    if (!kit) return;
    const { p12, password } = generarCertificadoPrueba(EMISOR.ruc, EMISOR.razon_social);
    const cert = leerPkcs12(p12, password);
    const hechos = await enParalelo(casos, A_LA_VEZ, ([, guia]) => {
      const g = guia();
      return validarConKit(firmarXml(guiaUbl(EMISOR, g), cert).xml, `${EMISOR.ruc}-09-${g.serie}-${String(g.numero).padStart(8, '0')}`, kit);
    });
    casos.forEach(([titulo], i) => resultados.set(titulo, hechos[i]));
  }, 240_000);

  for (const [titulo, guia] of casos) {
    it.skipIf(!kit)(`${titulo}: accepted, no rejection or observation${sinKit}`, () => {
      expect(problemaGuia(guia()), 'the example itself must be a valid guide').toBeNull();
      const r = resultados.get(titulo);
      if (!r) throw new Error('the kit did not run');
      expect(r.exitCode, `a tool of the kit is missing:\n${r.salida}`).not.toBe(KIT_SIN_HERRAMIENTA);
      expect(r.aceptado, informe(r)).toBe(true);
      expect(r.codigos, informe(r)).toEqual([]);
    });
  }
});
