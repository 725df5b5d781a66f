/**
 * The demo channel (no channel configured, DECISIONS §6): nothing leaves the server. Each document is
 * checked here, its signature against the certificate inside it and its data against our own rules,
 * and ends in 'demo' ('Demostración: no enviado a SUNAT'), never 'aceptado': no CDR exists.
 */
import { verificarFirma } from '../firma/verificar.ts';
import { problemaGuia, type GuiaSolicitud } from '../guias/guia.ts';
import { problemaSolicitud } from '../solicitud.ts';
import type { ComprobanteSolicitud, ResumenSolicitud } from '../tipos.ts';
import type { Canal, DocumentoEnvio, NotaCdr } from './canal.ts';

export const DEMO_DESCRIPCION = 'Demostración: no enviado a SUNAT';

/** What our own rules find in the stored request, by the document's type. */
function problemaDatos(doc: DocumentoEnvio): string | null {
  switch (doc.tipo) {
    case 'RA': case 'RC':
      return (doc.solicitud as ResumenSolicitud).items.length > 0 ? null : 'El resumen no lista documentos';
    case '09':
      return problemaGuia(doc.solicitud as GuiaSolicitud);
    default:
      return problemaSolicitud(doc.solicitud as ComprobanteSolicitud);
  }
}

export function crearCanalDemo(): Canal {
  return {
    nombre: 'demo',
    enviar(doc) {
      const notas: NotaCdr[] = [];
      const firma = verificarFirma(doc.xml);
      if (!firma.valida) notas.push({ codigo: 'FIRMA', texto: firma.motivo });
      const problema = problemaDatos(doc);
      if (problema) notas.push({ codigo: 'DATOS', texto: problema });
      const descripcion = notas.length === 0
        ? `${DEMO_DESCRIPCION}. Firma y datos comprobados en el servidor`
        : `${DEMO_DESCRIPCION}. La comprobación en el servidor encontró problemas`;
      return Promise.resolve({ estado: 'demo', descripcion, notas });
    },
    consultar: () => Promise.resolve({ estado: 'no_existe', descripcion: `${DEMO_DESCRIPCION}: no hay nada que consultar` }),
    probar: () => Promise.resolve({ ok: true, mensaje: `${DEMO_DESCRIPCION}: los comprobantes se firman con un certificado de prueba y se comprueban en el servidor` }),
  };
}
