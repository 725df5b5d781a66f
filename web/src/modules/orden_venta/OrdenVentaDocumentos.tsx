import { FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { ORDEN_ARCHIVO_MAX_BYTES, ORDEN_VENTA_MSG as M, formatBytes, isReadOnly, type OrdenVentaArchivo, type OrdenVentaDetalle } from '@obra/domain';
import { Button, Card, Flex, Input, Progress, Table, Tooltip, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { formatDate } from '../../ui/format';
import { toast } from '../../base/toast';
import { useAdjuntarArchivo, useVerArchivo } from './api';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const EXTENSIONES = /\.(pdf|jpe?g|png)$/i;

/**
 * Documents attached to the order (spec 3 §7 `/ordenVenta/adjuntar`: file, ovt_id, tipo): the
 * client's purchase order, a signed quotation, a contract. Anyone who may change orders attaches
 * them in any state, with upload progress; everyone who sees the order opens them.
 */
export function OrdenVentaDocumentos({ orden }: { orden: OrdenVentaDetalle }) {
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [tipo, setTipo] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const adjuntar = useAdjuntarArchivo();
  const ver = useVerArchivo();

  const subir = (file: File) => {
    if (!EXTENSIONES.test(file.name)) toast.error(M.archivoTipo);
    else if (file.size > ORDEN_ARCHIVO_MAX_BYTES) toast.error(M.archivoTamano);
    else {
      setPercent(0);
      adjuntar.mutateAsync({ ovt_id: orden.ovt_id, tipo: tipo.trim(), file, onProgress: setPercent })
        .then((r) => {
          toast.success(r.message);
          setTipo('');
        }, () => undefined)
        .finally(() => setPercent(null));
    }
    // The widget never uploads by itself.
    return false;
  };

  const columns: TableColumnsType<OrdenVentaArchivo> = [
    { title: 'Tipo', dataIndex: 'ova_tipo', width: 200, ellipsis: true },
    { title: 'Archivo', dataIndex: 'ova_nombre', ellipsis: true },
    { title: 'Tamaño', dataIndex: 'ova_tamano', width: 100, align: 'right', render: (b: number) => formatBytes(b) },
    { title: 'Fecha', dataIndex: 'ova_fecha', width: 150, render: (f: string) => formatDate(f, true).slice(0, 16) },
    { title: 'Subido por', dataIndex: 'usu_nombre', width: 200, ellipsis: true },
    {
      title: 'Ver',
      key: 'ver',
      width: 60,
      align: 'center',
      render: (_, a) => (
        <Tooltip title="Ver documento">
          <Button type="text" icon={<FileSearchOutlined />} aria-label={`Ver documento ${a.ova_nombre}`} onClick={() => ver.mutate(a.ova_id)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="Documentos"
      extra={!readOnly && (
        <Flex gap={8} align="center">
          <Input aria-label="Tipo de documento" placeholder="Tipo: orden de compra, contrato..." maxLength={60} value={tipo} onChange={(e) => setTipo(e.target.value)} style={{ width: 260 }} />
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={subir} disabled={percent !== null}>
            <Button icon={<UploadOutlined />} loading={percent !== null}>Adjuntar</Button>
          </Upload>
        </Flex>
      )}
    >
      {percent !== null && <Progress percent={percent} size="small" aria-label="Avance de la carga" />}
      <Table<OrdenVentaArchivo>
        rowKey="ova_id"
        size="small"
        columns={columns}
        dataSource={orden.lista_orden_venta_archivo}
        pagination={false}
        tableLayout="fixed"
        aria-label="Documentos del pedido"
        locale={{ emptyText: 'Sin documentos adjuntos' }}
      />
    </Card>
  );
}
