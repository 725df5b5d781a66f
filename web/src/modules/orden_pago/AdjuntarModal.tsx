import { UploadOutlined } from '@ant-design/icons';
import { ORDEN_ARCHIVO_MAX_BYTES, ORDEN_PAGO_MSG, type OrdenPagoRow } from '@obra/domain';
import { Button, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../base/toast';
import { useAdjuntarDocumento } from './api';

/** The server checks the real type and size again (PDF, JPG, PNG; 10 MB). */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Attaches (or replaces) the payment order's document, with upload progress. */
export function AdjuntarModal({ row, onClose }: { row: OrdenPagoRow; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const adjuntar = useAdjuntarDocumento();

  const send = async () => {
    if (!file) return;
    if (file.size > ORDEN_ARCHIVO_MAX_BYTES) {
      toast.error(ORDEN_PAGO_MSG.archivoTamano);
      return;
    }
    setPercent(0);
    const saved = await adjuntar.mutateAsync({ opg_id: row.opg_id, file, onProgress: setPercent }).catch(() => null);
    setPercent(null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  return (
    <Modal
      open
      title={`Adjuntar documento: Orden de Pago N° ${row.opg_numero}`}
      onCancel={adjuntar.isPending ? undefined : onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose} disabled={adjuntar.isPending}>
          Cerrar
        </Button>,
        <Button key="adjuntar" type="primary" onClick={() => void send()} disabled={!file} loading={adjuntar.isPending}>
          Adjuntar
        </Button>,
      ]}
    >
      {row.opg_archivo_nombre && (
        <Typography.Paragraph type="secondary">{`Documento actual: ${row.opg_archivo_nombre} (será reemplazado)`}</Typography.Paragraph>
      )}
      <Upload
        accept={ACCEPT}
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: 'documento', name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined />}>Seleccionar archivo (PDF, JPG o PNG, hasta 10 MB)</Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ marginTop: 12 }} />}
    </Modal>
  );
}
