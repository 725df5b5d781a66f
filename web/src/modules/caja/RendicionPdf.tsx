import { FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { CAJA_MSG, RENDICION_PDF_MAX_BYTES, type CajaFila } from '@obra/domain';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { toast } from '../../base/toast';
import { useAbrirPdfRendicion } from './api';
import { useAdjuntarPdf } from './rendicion-api';

/** Spec 2 §2: the attached PDF's link, and 'Adjuntar PDF' with its upload bar while registering is allowed. */
export function RendicionPdf({ caja, editable }: { caja: CajaFila; editable: boolean }) {
  const adjuntar = useAdjuntarPdf(caja.caj_id);
  const abrir = useAbrirPdfRendicion();
  const subiendo = adjuntar.percent !== null;
  const nombre = caja.caj_pdf_nombre || `${caja.caj_codigo}.pdf`;

  // Spec 2 §9: at most 20 MB, checked here first; the server checks again, and the type on the content.
  const elegir = (file: File) => {
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') toast.error(CAJA_MSG.pdfTipo);
    else if (file.size > RENDICION_PDF_MAX_BYTES) toast.error(CAJA_MSG.pdfTamano);
    else adjuntar.mutate(file, { onSuccess: (reply) => toast.success(reply.message) });
    return Upload.LIST_IGNORE;
  };

  return (
    <Flex vertical gap={8} style={{ minWidth: 280, flex: 1, maxWidth: 520 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Text strong>PDF de sustento:</Typography.Text>
        {caja.caj_url_pdf ? (
          <Button type="link" icon={<FilePdfOutlined />} loading={abrir.isPending} onClick={() => abrir.mutate(caja.caj_id)} style={{ padding: 0 }} aria-label={`Ver PDF ${nombre}`}>
            {nombre}
          </Button>
        ) : (
          <Typography.Text type="secondary">Sin PDF adjunto</Typography.Text>
        )}
        {editable && (
          <Upload accept=".pdf,application/pdf" beforeUpload={elegir} showUploadList={false} maxCount={1} disabled={subiendo}>
            <Button icon={<PaperClipOutlined />} disabled={subiendo}>
              {caja.caj_url_pdf ? 'Reemplazar PDF' : 'Adjuntar PDF'}
            </Button>
          </Upload>
        )}
      </Flex>
      {editable && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Un solo PDF de hasta 20 MB con los comprobantes escaneados.</Typography.Text>}
      {subiendo && <Progress percent={adjuntar.percent ?? 0} size="small" status="active" aria-label="Progreso de carga del PDF" />}
    </Flex>
  );
}
