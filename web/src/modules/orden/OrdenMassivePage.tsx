import { ArrowLeftOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { MSG, isReadOnly, type OrdenCargada } from '@obra/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRoleIds } from '../../base/session';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { XLSX_ACCEPT, rowErrorsOf, useXlsxFile, type RowError } from '../../ui/useXlsxFile';
import { ordenKeys } from './api';
import { PLANTILLA_ORDENES, cargarOrdenes, descargarPlantillaOrdenes } from './massive-api';

/** Mass-load toasts stay 5 s (spec 1 §9). */
const TOAST_MASSIVE_SECONDS = 5;

type Result = { ok: true; message: string; orders: OrdenCargada[] } | { ok: false; message: string; rows: RowError[] };

/**
 * Spec 1 §2.12 /orden/massive: service orders from a spreadsheet. Download the template, choose
 * one .xlsx, Cargar (disabled until a file is chosen, spec 1 §5) with upload progress; then the
 * created orders with links to their view, or every row in error (nothing was saved).
 */
export function OrdenMassivePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const { file, setFile, choose, downloading, downloadTemplate } = useXlsxFile(() => setResult(null));
  const busy = percent !== null;
  // VISUALIZADOR may read the template but never load (the server refuses it too).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  // A chosen file not yet sent: leaving would drop it unnoticed. Once sent, its result is on screen.
  useLeaveGuard(file !== null && result === null && !readOnly);

  const load = async () => {
    if (!file) return;
    setPercent(0);
    setResult(null);
    try {
      const reply = await cargarOrdenes(file, setPercent);
      setResult({ ok: true, message: reply.message, orders: reply.data });
      setFile(null);
      toast.success(reply.message, TOAST_MASSIVE_SECONDS);
      void queryClient.invalidateQueries({ queryKey: ordenKeys.all });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setResult({ ok: false, message, rows: rowErrorsOf(error) });
      toast.error(message, TOAST_MASSIVE_SECONDS);
    } finally {
      setPercent(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Carga masiva de órdenes de servicio"
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>
            Regresar
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>
            Una fila por ítem; las filas con el mismo <strong>N° Orden</strong> forman una orden de servicio y repiten sus datos (centro de
            costo, proveedor, moneda, condición, correos...). Los montos e impuestos se calculan al cargar. Si una fila tiene errores no se
            registra ninguna orden.
          </Typography.Paragraph>
          <div>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate(descargarPlantillaOrdenes, PLANTILLA_ORDENES)}>
              Descargar plantilla
            </Button>
          </div>
          <Upload.Dragger accept={XLSX_ACCEPT} beforeUpload={choose} showUploadList={false} maxCount={1} disabled={busy}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : 'Haga clic o arrastre aquí el archivo .xlsx'}</p>
            <p className="ant-upload-hint">Use la plantilla; máximo 1000 filas y 5 MB.</p>
          </Upload.Dragger>
          <Flex gap={16} align="center">
            {/* Disabled rather than `loading` while sending: the progress bar shows the upload (as XlsxImportModal). */}
            <Button type="primary" onClick={load} disabled={!file || busy || readOnly} title={readOnly ? MSG.readOnly : undefined}>
              Cargar
            </Button>
            {busy && <Progress percent={percent} status="active" aria-label="Progreso de carga" style={{ flex: 1 }} />}
          </Flex>
        </Flex>
      </Card>
      {result?.ok === true && (
        <Card style={{ marginTop: 16 }}>
          <Alert type="success" showIcon title={result.message} style={{ marginBottom: 12 }} />
          <Table<OrdenCargada>
            size="small"
            rowKey="id_orden"
            dataSource={result.orders}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: 'N° Orden', dataIndex: 'orden', width: 100 },
              { title: 'Código', dataIndex: 'codigo', render: (codigo: string, o) => <Link to={`/orden/view/${o.id_orden}`}>{codigo}</Link> },
              { title: 'Filas', dataIndex: 'filas', render: (filas: number[]) => filas.join(', ') },
              { title: 'Total', dataIndex: 'monto_con_impuesto', align: 'right', render: (monto: string, o) => formatMoney(o.mon_simbolo, monto) },
            ]}
          />
        </Card>
      )}
      {result?.ok === false && (
        <Card style={{ marginTop: 16 }}>
          <Alert type="error" showIcon title={result.message} style={{ marginBottom: result.rows.length ? 12 : 0 }} />
          {result.rows.length > 0 && (
            <Table<RowError>
              size="small"
              rowKey={(r) => `${r.fila}-${r.mensaje}`}
              dataSource={result.rows}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: 'Fila', dataIndex: 'fila', width: 80 },
                { title: 'Mensaje', dataIndex: 'mensaje' },
              ]}
            />
          )}
        </Card>
      )}
    </>
  );
}
