import { FACTURA_PDF_MAX_BYTES, FACTURA_XML_MAX_BYTES, PORTAL_MSG, FacturaAdjuntarCampos } from '@obra/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';
import { MALFORMED_MULTIPART } from '../../platform/files.ts';
import { checkText } from '../../platform/input.ts';

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
        const buffer = await part.toBuffer().catch(() => null);
        const tooBig = buffer === null || part.file.truncated;
        if (part.fieldname === 'xml' && (tooBig || buffer.length > FACTURA_XML_MAX_BYTES)) throw badRequest(PORTAL_MSG.facturaXmlTamano);
        if (tooBig) throw badRequest(PORTAL_MSG.facturaPdfTamano);
        if (part.fieldname === 'pdf' || part.fieldname === 'xml') files[part.fieldname] = { buffer, filename: part.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (status === 413) throw badRequest(PORTAL_MSG.facturaPdfTamano);
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw badRequest(MALFORMED_MULTIPART);
  }
  checkText(fields);
  const campos = FacturaAdjuntarCampos.safeParse(fields);
  if (!campos.success) throw badRequest(PORTAL_MSG.ordenFalta);
  if (!files.pdf?.buffer.length) throw badRequest(PORTAL_MSG.facturaPdfFalta);
  if (!files.xml?.buffer.length) throw badRequest(PORTAL_MSG.facturaXmlFalta);
  return { ord_id: campos.data.ord_id, pdf: files.pdf, xml: files.xml };
}
