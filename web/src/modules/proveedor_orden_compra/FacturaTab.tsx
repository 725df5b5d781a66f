import { DownloadOutlined, FileTextOutlined, SendOutlined } from '@ant-design/icons';
import {
  FACTURA_PDF_MAX_BYTES, FACTURA_XML_MAX_BYTES, PORTAL_MSG, formatBytes, type FacturaArchivo, type OrdenProveedorDetalle,
} from '@obra/domain';
import { Alert, Button, Flex, Progress, Table, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../ui/format';
import { toast } from '../../base/toast';
import { useDescargarFactura, useEnviarFactura, useFacturas } from './api';

type Tipo = 'pdf' | 'xml';
const REGLA: Record<Tipo, { ext: string; max: number; tamano: string; label: string }> = {
  pdf: { ext: '.pdf', max: FACTURA_PDF_MAX_BYTES, tamano: PORTAL_MSG.facturaPdfTamano, label: 'PDF de la factura' },
  xml: { ext: '.xml', max: FACTURA_XML_MAX_BYTES, tamano: PORTAL_MSG.facturaXmlTamano, label: 'XML de la factura (SUNAT)' },
};

/** One file picker of the pair; a first check of name and size before sending (the server checks the content). */
function Selector({ tipo, file, onChange, disabled }: { tipo: Tipo; file: File | null; onChange: (f: File) => void; disabled: boolean }) {
  const regla = REGLA[tipo];
  const choose = (f: File) => {
    if (!f.name.toLowerCase().endsWith(regla.ext)) toast.error(tipo === 'pdf' ? PORTAL_MSG.facturaPdfTipo : 'El archivo XML debe tener la extensión .xml');
    else if (f.size > regla.max) toast.error(regla.tamano);
    else onChange(f);
    return Upload.LIST_IGNORE;
  };
  return (
    <Flex align="center" gap={8} wrap>
      <Upload accept={regla.ext} beforeUpload={choose} showUploadList={false} maxCount={1} disabled={disabled}>
        <Button icon={<FileTextOutlined />} disabled={disabled}>{`Elegir ${regla.label}`}</Button>
      </Upload>
      <Typography.Text type={file ? undefined : 'secondary'} aria-label={`Archivo ${tipo.toUpperCase()} elegido`}>
        {file ? `${file.name} (${formatBytes(file.size)})` : 'Ningún archivo elegido'}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The supplier's invoice for the order (issue 15, beyond the spec): its PDF and the XML it sent
 * to SUNAT, both required, offered on an issued order that is not cancelled; below, what it sent.
 */
export function FacturaTab({ o }: { o: OrdenProveedorDetalle }) {
  const [pdf, setPdf] = useState<File | null>(null);
  const [xml, setXml] = useState<File | null>(null);
  const facturas = useFacturas(o.ord_id);
  const enviar = useEnviarFactura(o.ord_id);
  const descargar = useDescargarFactura();
  const subiendo = enviar.percent !== null;

  const onEnviar = () => {
    if (!pdf) return toast.error(PORTAL_MSG.facturaPdfFalta);
    if (!xml) return toast.error(PORTAL_MSG.facturaXmlFalta);
    enviar.mutate({ pdf, xml }, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        setPdf(null);
        setXml(null);
      },
    });
  };

  const columns: TableColumnsType<FacturaArchivo> = [
    { title: 'Archivo', dataIndex: 'oar_nombre', ellipsis: true },
    { title: 'Tamaño', dataIndex: 'oar_tamano', width: 110, align: 'right', render: (s: number) => formatBytes(s) },
    { title: 'Enviado', dataIndex: 'oar_fecha', width: 170, render: (f: string) => formatDate(f, true) },
    {
      title: '',
      key: 'descargar',
      width: 60,
      align: 'center',
      render: (_, a) => (
        <Tooltip title="Descargar">
          <Button type="text" size="small" icon={<DownloadOutlined />} aria-label={`Descargar ${a.oar_nombre}`}
            loading={descargar.isPending && descargar.variables.oar_id === a.oar_id} onClick={() => descargar.mutate(a)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {o.puede_enviar_factura ? (
        <Flex vertical gap={8} role="group" aria-label="Enviar factura">
          <Typography.Text>Adjunte el PDF de su factura y el XML que envió a SUNAT; ambos se revisan antes de guardarse.</Typography.Text>
          <Selector tipo="pdf" file={pdf} onChange={setPdf} disabled={subiendo} />
          <Selector tipo="xml" file={xml} onChange={setXml} disabled={subiendo} />
          {subiendo && <Progress percent={enviar.percent ?? 0} size="small" status="active" aria-label="Progreso del envío de la factura" />}
          <div>
            <Button type="primary" icon={<SendOutlined />} onClick={onEnviar} loading={enviar.isPending}>Enviar factura</Button>
          </div>
        </Flex>
      ) : (
        <Alert type="info" showIcon title={PORTAL_MSG.facturaEstado} />
      )}
      <Table<FacturaArchivo>
        size="small"
        rowKey="oar_id"
        pagination={false}
        tableLayout="fixed"
        loading={facturas.isLoading}
        columns={columns}
        dataSource={facturas.data ?? []}
        locale={{ emptyText: 'Aún no ha enviado facturas para esta orden' }}
        aria-label="Facturas enviadas"
      />
    </Flex>
  );
}
