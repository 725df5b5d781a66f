import { z } from 'zod';
import { isValidRuc } from '../proveedor/ruc.ts';

/**
 * The e-voucher issuer's settings (issue 22, screen 'Facturación electrónica', module
 * facturacion_electronica): who issues, from where, with which series, certificate and channel.
 * Secrets travel only towards the server: a blank secret field keeps the stored one.
 */

export const CPE_CANALES = ['demo', 'sunat_beta', 'sunat_produccion', 'ose', 'nubefact'] as const;
export type CpeCanal = (typeof CPE_CANALES)[number];

export const CPE_CANAL_NOMBRE: Record<CpeCanal, string> = {
  demo: 'Demostración (no se envía a SUNAT)',
  sunat_beta: 'SUNAT beta (pruebas)',
  sunat_produccion: 'SUNAT producción',
  ose: 'OSE (operador de servicios electrónicos)',
  nubefact: 'Nubefact',
};

/** Days before the certificate's expiry the screen warns. */
export const CERT_AVISO_DIAS = 30;

export const FE_MSG = {
  ruc: 'Ingrese un RUC válido de 11 dígitos',
  razonSocial: 'Ingrese la razón social',
  direccion: 'Ingrese la dirección fiscal',
  ubigeo: 'El ubigeo debe tener 6 dígitos',
  establecimiento: 'El código de establecimiento debe tener 4 dígitos (0000 el domicilio fiscal)',
  serie: (tipo: string, letra: string) => `La serie de ${tipo} debe empezar con ${letra} y tener 4 caracteres (${letra}001)`,
  canal: 'Seleccione un canal de envío válido',
  url: 'Ingrese una dirección web válida (https://...)',
  https: 'La dirección del servicio debe empezar con https:// (la clave SOL y el token viajan a ella)',
  greUrls: 'Indique las dos direcciones del API de guías (servicio y token), o ninguna para usar las de SUNAT',
  plazo: 'El plazo debe estar entre 1 y 30 días',
  solUsuario: 'El usuario SOL tiene hasta 30 caracteres, sin espacios',
  greClientId: 'El client_id del API de guías tiene hasta 100 letras, números o guiones',
  texto: (campo: string, max: number) => `${campo} admite hasta ${max} caracteres`,
  version: 'Otro usuario modificó la configuración; vuelva a cargarla',
  guardado: 'Se guardó la configuración de facturación electrónica',
  certificadoCargado: 'Se cargó el certificado digital',
  certificadoFalta: 'Seleccione el archivo del certificado (.pfx o .p12)',
  certificadoTipo: 'El certificado debe ser un archivo .pfx o .p12',
  certificadoRuc: (ruc: string) => `El certificado no corresponde al RUC ${ruc}`,
  pruebaIniciada: 'Probando la conexión; el resultado aparecerá en unos segundos',
  pruebaEnCurso: 'Ya hay una prueba de conexión en curso',
} as const;

const texto = (campo: string, max: number, falta?: string) => {
  const base = z.string({ error: falta ?? FE_MSG.texto(campo, max) }).trim();
  return (falta ? base.min(1, { error: falta, abort: true }) : base).max(max, FE_MSG.texto(campo, max));
};
const url = z.union([z.literal(''), z.null(), z.string().trim().url(FE_MSG.url).max(300, FE_MSG.url)]).optional().transform((v) => v || null);
const serie = (tipo: string, letra: string) => z.string().trim().toUpperCase().regex(new RegExp(`^${letra}[A-Z0-9]{3}$`), FE_MSG.serie(tipo, letra));
/** A notes' series (issue 23): absent keeps what is stored, so a client that does not know it changes nothing. */
const serieNota = (tipo: string, letra: string) => serie(tipo, letra).nullish().transform((v) => v ?? null);
/** A secret: blank (or absent) keeps what is stored. */
const secreto = (max: number) => z.string().max(max).nullish().transform((v) => (v ? v : null));

/** `/facturacionElectronica/guardar {emisor:{...}}`. */
export const EmisorGuardar = z.object({
  emisor: z.object({
    emi_ruc: z.string({ error: FE_MSG.ruc }).trim().refine(isValidRuc, FE_MSG.ruc),
    emi_razon_social: texto('La razón social', 200, FE_MSG.razonSocial),
    emi_nombre_comercial: texto('El nombre comercial', 200).nullish().transform((v) => v ?? ''),
    emi_direccion: texto('La dirección fiscal', 300, FE_MSG.direccion),
    emi_ubigeo: z.string({ error: FE_MSG.ubigeo }).trim().regex(/^\d{6}$/, FE_MSG.ubigeo),
    emi_establecimiento: z.string().trim().regex(/^\d{4}$/, FE_MSG.establecimiento).nullish().transform((v) => v ?? '0000'),
    emi_serie_factura: serie('factura', 'F'),
    emi_serie_boleta: serie('boleta', 'B'),
    emi_serie_guia: serie('guía de remisión', 'T'),
    emi_serie_nc_factura: serieNota('nota de crédito de factura', 'F'),
    emi_serie_nc_boleta: serieNota('nota de crédito de boleta', 'B'),
    emi_serie_nd_factura: serieNota('nota de débito de factura', 'F'),
    emi_serie_nd_boleta: serieNota('nota de débito de boleta', 'B'),
    emi_canal: z.enum(CPE_CANALES, { error: FE_MSG.canal }),
    emi_ose_url: url,
    emi_ose_consulta_url: url,
    emi_nubefact_url: url,
    emi_nubefact_token: secreto(200),
    emi_sol_usuario: z.union([z.literal(''), z.null(), z.string().trim().regex(/^[A-Za-z0-9]{1,30}$/, FE_MSG.solUsuario)]).optional().transform((v) => v || null),
    emi_sol_clave: secreto(100),
    /** SUNAT's GRE REST API (issue 23): the credentials generated in SOL (Credenciales de API SUNAT), and its addresses when not SUNAT's. */
    emi_gre_client_id: z.union([z.literal(''), z.null(), z.string().trim().regex(/^[A-Za-z0-9-]{1,100}$/, FE_MSG.greClientId)]).optional().transform((v) => v || null),
    emi_gre_client_secret: secreto(200),
    emi_gre_url: url,
    emi_gre_token_url: url,
    emi_plazo_dias: z.coerce.number({ error: FE_MSG.plazo }).int(FE_MSG.plazo).min(1, FE_MSG.plazo).max(30, FE_MSG.plazo),
    emi_version: z.coerce.number().int().positive(),
  }),
});
export type EmisorGuardar = z.input<typeof EmisorGuardar>;
export type EmisorGuardarDatos = z.output<typeof EmisorGuardar>['emisor'];

/** `/facturacionElectronica/obtener` → the settings as the screen shows them: no secret, only whether each is set. */
export interface EmisorVista {
  emi_ruc: string;
  emi_razon_social: string;
  emi_nombre_comercial: string;
  emi_direccion: string;
  emi_ubigeo: string;
  ubi_nombre: string | null;
  emi_establecimiento: string;
  emi_serie_factura: string;
  emi_serie_boleta: string;
  emi_serie_guia: string;
  emi_serie_nc_factura: string;
  emi_serie_nc_boleta: string;
  emi_serie_nd_factura: string;
  emi_serie_nd_boleta: string;
  emi_canal: CpeCanal;
  emi_ose_url: string | null;
  emi_ose_consulta_url: string | null;
  emi_nubefact_url: string | null;
  tiene_nubefact_token: boolean;
  emi_sol_usuario: string | null;
  tiene_sol_clave: boolean;
  /** SUNAT's GRE API: client_id, whether the secret is set, and the addresses that replace SUNAT's (null: SUNAT's). */
  emi_gre_client_id: string | null;
  tiene_gre_client_secret: boolean;
  emi_gre_url: string | null;
  emi_gre_token_url: string | null;
  emi_plazo_dias: number;
  emi_version: number;
  certificado: null | {
    sujeto: string;
    emisor: string;
    serie: string;
    desde: string;
    hasta: string;
    /** The self-signed test certificate of the demo. */
    prueba: boolean;
    dias_restantes: number;
    por_vencer: boolean;
    vencido: boolean;
  };
  /** 'Probar conexión': its last run. */
  prueba: { estado: 'pendiente' | 'probando' | 'ok' | 'error'; mensaje: string | null; fecha: string | null } | null;
  /** What the channel still needs before it can send, or null. */
  falta: string | null;
  /** What sending sender guides still needs, or null. */
  falta_guias: string | null;
}
