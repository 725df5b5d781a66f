/**
 * A local stand-in for Nubefact's JSON API on 127.0.0.1, for tests that run the whole path (issue,
 * worker, channel): it checks the token, remembers what it issued, and answers their documented
 * operations as their API does: generar_comprobante and consultar_comprobante (the document, or
 * `{errors, codigo}`: 23 already exists, 24 does not exist), generar_anulacion and
 * consultar_anulacion (a ticket, accepted on the next consult). 'pendiente' leaves SUNAT's answer
 * for the next consult, as their asynchronous submission does.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModoNubefact = 'aceptar' | 'pendiente';

export interface FakeNubefact {
  /** The account's route, as the settings take it. */
  url: string;
  token: string;
  modo(m: ModoNubefact): void;
  /** Every JSON body received, in order. */
  recibidos: Record<string, unknown>[];
  cerrar(): Promise<void>;
}

const TIPOS: Record<number, string> = { 1: 'Factura', 2: 'Boleta', 3: 'Nota de Crédito', 4: 'Nota de Débito' };

export async function iniciarFakeNubefact(): Promise<FakeNubefact> {
  const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
  let modo: ModoNubefact = 'aceptar';
  const recibidos: Record<string, unknown>[] = [];
  /** Issued documents and cancellations by 'tipo-serie-numero': whether SUNAT accepted them yet. */
  const emitidos = new Map<string, { aceptado: boolean; hash: string; qr: string }>();
  const anulaciones = new Map<string, { aceptado: boolean; ticket: string }>();
  let base = '';

  const json = (res: ServerResponse, status: number, cuerpo: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(cuerpo));
  };
  const clave = (b: Record<string, unknown>) => `${String(b.tipo_de_comprobante)}-${String(b.serie)}-${String(b.numero)}`;
  const documento = (b: Record<string, unknown>, e: { aceptado: boolean; hash: string; qr: string }) => ({
    tipo_de_comprobante: b.tipo_de_comprobante, serie: b.serie, numero: b.numero,
    enlace: `${base}/cpe/${clave(b)}`, aceptada_por_sunat: e.aceptado,
    sunat_description: e.aceptado ? `La ${TIPOS[Number(b.tipo_de_comprobante)] ?? 'Comprobante'} numero ${String(b.serie)}-${String(b.numero)}, ha sido aceptada` : null,
    sunat_note: null, sunat_responsecode: e.aceptado ? '0' : null, sunat_soap_error: '', codigo_hash: e.hash, cadena_para_codigo_qr: e.qr,
  });

  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      if (req.headers.authorization !== `Token token="${token}"`) return json(res, 401, { errors: 'El token no es válido', codigo: 10 });
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(Buffer.concat(partes).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, { errors: 'El formato del JSON no es válido', codigo: 20 });
      }
      recibidos.push(b);
      const k = clave(b);
      switch (b.operacion) {
        case 'generar_comprobante': {
          if (emitidos.has(k)) return json(res, 400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
          const e = { aceptado: modo === 'aceptar', hash: `hash-${k}`, qr: `20547812361|${k}|` };
          emitidos.set(k, e);
          return json(res, 200, documento(b, e));
        }
        case 'consultar_comprobante': {
          const e = emitidos.get(k);
          if (!e) return json(res, 400, { errors: 'El documento no existe', codigo: 24 });
          e.aceptado = true;
          return json(res, 200, documento(b, e));
        }
        case 'generar_anulacion': {
          if (!emitidos.has(k)) return json(res, 400, { errors: 'El documento a anular no existe', codigo: 24 });
          const a = { aceptado: false, ticket: `T${anulaciones.size + 1}` };
          anulaciones.set(k, a);
          return json(res, 200, { numero: anulaciones.size, enlace: `${base}/baja/${k}`, sunat_ticket_numero: a.ticket, aceptada_por_sunat: false });
        }
        case 'consultar_anulacion': {
          const a = anulaciones.get(k);
          if (!a) return json(res, 400, { errors: 'La anulación no existe', codigo: 24 });
          a.aceptado = true;
          return json(res, 200, { numero: 1, enlace: `${base}/baja/${k}`, sunat_ticket_numero: a.ticket, aceptada_por_sunat: true, sunat_description: 'La Comunicacion de baja ha sido aceptada', sunat_responsecode: '0' });
        }
        default:
          return json(res, 400, { errors: `Operación desconocida: ${String(b.operacion)}`, codigo: 20 });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/api/v1/cuenta-de-prueba`,
    token,
    modo: (m) => {
      modo = m;
    },
    recibidos,
    async cerrar() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
