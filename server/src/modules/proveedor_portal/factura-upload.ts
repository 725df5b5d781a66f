import { FACTURA_PDF_MAX_BYTES, FACTURA_XML_MAX_BYTES, PORTAL_MSG, FacturaAdjuntarCampos } from '@obra/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { multipartRefusal, partBuffer } from '../../platform/files.ts';
import { checkText } from '../../platform/input.ts';

/** More than the two files of an invoice. */
export const FACTURA_ARCHIVOS = 'Envíe solo el PDF y el XML de la factura';

export interface FacturaUpload {
  ord_id: number;
  pdf: { buffer: Buffer; filename: string };
  xml: { buffer: Buffer; filename: string };
}

/**
 * Reads `/ordenCompra/adjuntarFactura`: the text field `ord_id` and two files, `pdf` and `xml`
 * (platform/files.ts readUpload takes one file; an invoice is the pair). Each file is size-checked
 * here; their content is checked by the service before anything is stored.
 */
export async function readFacturaUpload(request: FastifyRequest): Promise<FacturaUpload> {
  if (!request.isMultipart()) throw badRequest(PORTAL_MSG.facturaPdfFalta);
  const fields: Record<string, string> = {};
  const files: Record<string, { buffer: Buffer; filename: string }> = {};
  try {
    for await (const part of request.parts({ limits: { files: 2, fileSize: FACTURA_PDF_MAX_BYTES } })) {
      if (part.type === 'file') {
        const xml = part.fieldname === 'xml';
        const buffer = await partBuffer(part, xml ? PORTAL_MSG.facturaXmlTamano : PORTAL_MSG.facturaPdfTamano);
        if (xml && buffer.length > FACTURA_XML_MAX_BYTES) throw badRequest(PORTAL_MSG.facturaXmlTamano);
        if (xml || part.fieldname === 'pdf') files[part.fieldname] = { buffer, filename: part.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartRefusal(err, { size: PORTAL_MSG.facturaPdfTamano, files: FACTURA_ARCHIVOS });
  }
  checkText(fields);
  const campos = FacturaAdjuntarCampos.safeParse(fields);
  if (!campos.success) throw badRequest(PORTAL_MSG.ordenFalta);
  if (!files.pdf?.buffer.length) throw badRequest(PORTAL_MSG.facturaPdfFalta);
  if (!files.xml?.buffer.length) throw badRequest(PORTAL_MSG.facturaXmlFalta);
  return { ord_id: campos.data.ord_id, pdf: files.pdf, xml: files.xml };
}
