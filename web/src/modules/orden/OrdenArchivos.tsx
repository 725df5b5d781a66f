import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  ORDEN_ARCHIVO_ACCEPT, ORDEN_ARCHIVO_MAX_BYTES, ORDEN_DOC_MSG, ORE, formatBytes, isReadOnly, type OrdenArchivoRow, type OrdenDetalle,
} from '@obra/domain';
import { Button, Card, Flex, Progress, Table, Tag, Tooltip, Upload, type TableColumnsType } from 'antd';
import { useRoleIds } from '../../base/session';
import { formatDate } from '../../ui/format';
import { toast } from '../../base/toast';
import { useArchivosOrden, useDescargarArchivo, useSubirArchivo } from './documentos-api';

const EXTENSIONS = ORDEN_ARCHIVO_ACCEPT.split(',');

/**
 * Spec 1 §2.10 "File attachments block": the order's files with download, and 'Adjuntar archivo'
 * with an upload bar. Not offered to VISUALIZADOR nor on a cancelled order (the server refuses both).
 */
export function OrdenArchivos({ orden }: { orden: Pick<OrdenDetalle, 'id_orden' | 'estado'> }) {
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const puedeAdjuntar = !readOnly && orden.estado.id_orden_estado !== ORE.ANULADO;
  const archivos = useArchivosOrden(orden.id_orden);
  const subir = useSubirArchivo(orden.id_orden);
  const descargar = useDescargarArchivo();
  const uploading = subir.percent !== null;

  // A first check before sending; the server checks the real type on the content.
  const choose = (file: File) => {
    const name = file.name.toLowerCase();
    if (!EXTENSIONS.some((ext) => name.endsWith(ext))) toast.error(ORDEN_DOC_MSG.archivoTipo);
    else if (file.size > ORDEN_ARCHIVO_MAX_BYTES) toast.error(ORDEN_DOC_MSG.archivoTamano);
    else subir.mutate(file);
    return Upload.LIST_IGNORE;
  };

  const columns: TableColumnsType<OrdenArchivoRow> = [
    { title: 'Nombre', dataIndex: 'file_name', ellipsis: true },
    { title: 'Tamaño', dataIndex: 'size', width: 110, align: 'right', render: (s: number) => formatBytes(s) },
    { title: 'Fecha', dataIndex: 'fecha', width: 170, render: (f: string) => formatDate(f, true) },
    {
      title: 'Subido por',
      dataIndex: 'usuario',
      width: 220,
      ellipsis: true,
      render: (usuario: string, row) => (
        <Flex vertical gap={2} align="start">
          <span>{usuario}</span>
          {row.oar_proveedor && <Tag color="purple">Enviado por el proveedor</Tag>}
        </Flex>
      ),
    },
    {
      title: '',
      key: 'acciones',
      width: 60,
      align: 'center',
      render: (_, row) => (
        <Tooltip title="Descargar">
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`Descargar ${row.file_name}`}
            loading={descargar.isPending && descargar.variables.id_orden_archivo === row.id_orden_archivo}
            onClick={() => descargar.mutate(row)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="Archivos adjuntos"
      extra={
        puedeAdjuntar && (
          <Upload accept={ORDEN_ARCHIVO_ACCEPT} beforeUpload={choose} showUploadList={false} maxCount={1} disabled={uploading}>
            <Button icon={<PaperClipOutlined />} disabled={uploading}>
              Adjuntar archivo
            </Button>
          </Upload>
        )
      }
    >
      <Flex vertical gap={8}>
        {uploading && <Progress percent={subir.percent ?? 0} size="small" status="active" aria-label="Progreso de carga del archivo" />}
        <Table<OrdenArchivoRow>
          size="small"
          rowKey="id_orden_archivo"
          columns={columns}
          dataSource={archivos.data ?? []}
          loading={archivos.isLoading}
          pagination={false}
          locale={{ emptyText: 'No hay archivos adjuntos' }}
          aria-label="Archivos adjuntos de la orden"
        />
      </Flex>
    </Card>
  );
}
