/**
 * The issuer as configured now (issue 22, screen 'Facturación electrónica'): the `emisor_cpe` row
 * with its secrets opened. Opening a PKCS#12 costs tens of milliseconds, so the opened certificate
 * is kept per settings version: a change on any instance advances the version, and the next read
 * of the row (one primary-key lookup) sees it.
 */
import { readFile } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../errors.ts';
import type { Secretos } from '../secretos.ts';
import type { CanalNombre } from './canales/canal.ts';
import { crearEmisor, guardarCertificadoDemo, leerEmisor, type EmisorRow } from './configuracion-queries.ts';
import { generarCertificadoPrueba, leerPkcs12, type CertificadoFirma } from './firma/certificado.ts';
import type { EmisorComprobantes } from './tipos.ts';

export interface EmisorVigente {
  version: number;
  emisor: EmisorComprobantes;
  series: { factura: string; boleta: string; guia: string };
  canal: CanalNombre;
  /** The opened certificate; null when none is stored (only Nubefact issues without one: it signs). */
  firma: CertificadoFirma | null;
  certificadoPrueba: boolean;
  plazoDias: number;
  fila: EmisorRow;
}

export const MSG_CONFIG = {
  sinEmisor: 'Falta configurar el emisor en Facturación electrónica',
  sinCertificado: 'Falta cargar el certificado digital en Facturación electrónica antes de emitir comprobantes',
  certificadoPrueba: 'El certificado de prueba no sirve para SUNAT producción: cargue el certificado digital de la empresa en Facturación electrónica',
  certificadoVencido: (fecha: string) => `El certificado digital venció el ${fecha}: cargue uno vigente en Facturación electrónica`,
} as const;

/**
 * Opens the issuer row's secrets; `cache` keeps the last version opened. An issuer on the demo
 * channel without a certificate gets a self-signed test one whose subject says so, so that
 * `npm start` issues signed documents that read 'Demostración': generated once per process (about
 * half a second of CPU, off the current tick) and stored through the reader's own executor, so a
 * reader inside a transaction never waits for another connection (PGlite has one).
 */
export function crearLectorEmisor(secretos: Secretos) {
  let cache: EmisorVigente | null = null;
  let prueba: Promise<{ p12: Buffer; password: string }> | null = null;

  async function conCertificadoDemo(db: Executor, fila: EmisorRow): Promise<EmisorRow> {
    prueba ??= new Promise((resolve, reject) => setImmediate(() => {
      try {
        resolve(generarCertificadoPrueba(fila.emi_ruc, fila.emi_razon_social));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }));
    const { p12, password } = await prueba;
    await guardarCertificadoDemo(db, datosCertificado(secretos, p12, password, leerPkcs12(p12, password), true));
    return (await leerEmisor(db)) ?? fila;
  }

  function abrir(fila: EmisorRow): EmisorVigente {
    let firma: CertificadoFirma | null = null;
    if (fila.emi_certificado && fila.emi_certificado_clave) {
      firma = leerPkcs12(secretos.abrir(fila.emi_certificado), secretos.abrirTexto(fila.emi_certificado_clave));
    }
    return {
      version: fila.emi_version,
      emisor: {
        ruc: fila.emi_ruc, razon_social: fila.emi_razon_social, nombre_comercial: fila.emi_nombre_comercial,
        direccion: fila.emi_direccion, ubigeo: fila.emi_ubigeo, establecimiento: fila.emi_establecimiento,
      },
      series: { factura: fila.emi_serie_factura, boleta: fila.emi_serie_boleta, guia: fila.emi_serie_guia },
      canal: fila.emi_canal as CanalNombre,
      firma,
      certificadoPrueba: fila.emi_cert_prueba,
      plazoDias: fila.emi_plazo_dias,
      fila,
    };
  }

  return {
    /** The settings as `db` sees them (inside a transaction: its snapshot). Throws when there are none. */
    async leer(db: Executor): Promise<EmisorVigente> {
      let fila = await leerEmisor(db);
      if (!fila) throw notFound(MSG_CONFIG.sinEmisor);
      if (!fila.emi_certificado && fila.emi_canal === 'demo') fila = await conCertificadoDemo(db, fila);
      if (cache?.version !== fila.emi_version) cache = abrir(fila);
      else cache.fila = fila;
      return cache;
    },
  };
}

export type LectorEmisor = ReturnType<typeof crearLectorEmisor>;

/**
 * At start: the first settings come from the environment (COMPANY_*, CPE_*; docs/operations.md).
 * A self-signed certificate (its own issuer) is a test one: SUNAT takes only an accredited provider's.
 */
export async function asegurarEmisor(db: Executor, config: Config, secretos: Secretos): Promise<void> {
  if (await leerEmisor(db)) return;
  const c = config.cpe;
  const certificado = c.certificado ? await readFile(c.certificado) : null;
  const info = certificado ? leerPkcs12(certificado, c.certificadoClave ?? '') : null;
  const canal = c.canal ?? (config.nubefact ? 'nubefact' : 'demo');
  await crearEmisor(db, {
    emi_ruc: config.company.ruc, emi_razon_social: config.company.name, emi_direccion: config.company.address, emi_ubigeo: config.company.ubigeo,
    emi_canal: canal,
    emi_sol_usuario: c.solUsuario ?? null, emi_sol_clave: c.solClave ? secretos.cerrar(c.solClave) : null,
    emi_ose_url: c.oseUrl ?? null, emi_ose_consulta_url: c.oseConsultaUrl ?? null,
    emi_nubefact_url: config.nubefact?.url ?? null, emi_nubefact_token: config.nubefact ? secretos.cerrar(config.nubefact.token) : null,
    emi_plazo_dias: c.plazoDias ?? 3,
    ...(certificado && info ? datosCertificado(secretos, certificado, c.certificadoClave ?? '', info, info.sujeto === info.emisor) : {}),
  });
}

/** The certificate's columns: the file and its password sealed, what the screen shows in the clear. */
export function datosCertificado(secretos: Secretos, p12: Buffer, password: string, info: CertificadoFirma, prueba: boolean) {
  return {
    emi_certificado: secretos.cerrar(p12),
    emi_certificado_clave: secretos.cerrar(password),
    emi_cert_sujeto: info.sujeto.slice(0, 400),
    emi_cert_emisor: info.emisor.slice(0, 400),
    emi_cert_serie: info.serie.slice(0, 100),
    emi_cert_desde: info.validoDesde,
    emi_cert_hasta: info.validoHasta,
    emi_cert_prueba: prueba,
  };
}
