import { z } from 'zod';
import type { Tolerancia } from '../conciliacion/schemas.ts';

/**
 * Settings an administrator changes from a screen (issue 24, Administración → Ajustes; table
 * `ajuste`). The first is the public address: the base of every link the product mails or gives to
 * someone outside (a supplier's account confirmation). It is typed or taken from the browser's own
 * address by the administrator, never from a request's Host header, which a client can forge.
 */

/** The key of the public address in `ajuste`. */
export const AJUSTE_DIRECCION_PUBLICA = 'direccion_publica';

export const AJUSTE_MSG = {
  direccionFalta: 'Ingrese la dirección pública, por ejemplo https://obra.andina.pe',
  direccionInvalida:
    'La dirección pública debe empezar con http:// o https:// y tener solo el nombre del servidor y, si hace falta, el puerto (sin ruta, parámetros ni usuario), por ejemplo https://obra.andina.pe o http://192.168.1.20:3000',
  guardado: 'Se guardó la dirección pública',
  porEntorno: 'La dirección pública la fija la variable PUBLIC_URL del servidor; cámbiela allí',
  sinConfigurar: (efectiva: string) =>
    `La dirección pública no está configurada: los enlaces de los correos (la confirmación de cuenta de los proveedores) apuntan a ${efectiva}, que no abre desde otros equipos. Un administrador la fija en Administración → Ajustes.`,
  soloEsteEquipo: (efectiva: string) =>
    `La dirección pública ${efectiva} solo abre en este equipo: los enlaces de los correos (la confirmación de cuenta de los proveedores) no abrirán desde otros. Un administrador la cambia en Administración → Ajustes.`,
  entornoSoloEsteEquipo: (efectiva: string) =>
    `La variable PUBLIC_URL (${efectiva}) solo abre en este equipo: los enlaces de los correos (la confirmación de cuenta de los proveedores) no abrirán desde otros. Cámbiela en la configuración del servidor.`,
} as const;

/** localhost, *.localhost, 127.0.0.0/8 and ::1: an address only this machine reaches. */
export function esLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1' || h === '0:0:0:0:0:0:0:1';
}

/**
 * `https://Obra.Andina.pe/` → `https://obra.andina.pe`; null for anything that is not an http(s)
 * address of a server alone: a path, a query, a fragment or credentials would end up in every link.
 */
export function normalizarDireccionPublica(text: string): string | null {
  const t = text.trim();
  if (!/^https?:\/\/[^\s/?#]+\/?$/i.test(t)) return null;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname || url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}

/** `/ajuste/guardar` body. */
export const AjusteGuardar = z.object({
  ajuste: z.object(
    {
      direccion_publica: z
        .string({ error: AJUSTE_MSG.direccionFalta })
        .trim()
        .min(1, AJUSTE_MSG.direccionFalta)
        .max(200, AJUSTE_MSG.direccionInvalida)
        .transform((v, ctx) => {
          const url = normalizarDireccionPublica(v);
          if (url === null) ctx.addIssue({ code: 'custom', message: AJUSTE_MSG.direccionInvalida });
          return url ?? '';
        }),
    },
    { error: AJUSTE_MSG.direccionFalta },
  ),
});
export type AjusteGuardar = z.input<typeof AjusteGuardar>;

/** Where the public address in use comes from. */
export type DireccionPublicaOrigen = 'entorno' | 'ajuste' | 'predeterminada';

/** `/ajuste/obtener` reply. */
export interface AjustesDatos {
  /** The address saved on the screen (null: never saved). */
  direccion_publica: string | null;
  aju_fecha: string | null;
  /** Who saved it. */
  usuario: string | null;
  /** The address links are built with now. */
  direccion_efectiva: string;
  /** `entorno`: PUBLIC_URL is set and wins; the screen cannot change it. */
  origen: DireccionPublicaOrigen;
  /** Set when links point to this machine alone while the server is reached from others. */
  advertencia: string | null;
  /** The three-way match's tolerance (issue 25). */
  tolerancia: Tolerancia;
}
