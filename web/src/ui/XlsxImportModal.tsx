import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Envelope } from '@obra/domain';
import { apiBlob, apiUpload } from '../base/api';
import { XLSX_ACCEPT, rowErrorsOf, useXlsxFile, type RowError } from './useXlsxFile';


interface XlsxImportModalProps<T> {
  open: boolean;
  title: string;
  onClose: () => void;
  /** POST path answering the template workbook, and the name it is saved under. */
  templatePath: string;
  templateFileName: string;
  /** Multipart POST path receiving `file` plus `fields`. */
  uploadPath: string;
  fields?: Record<string, string>;
  /** Extra inputs above the file (e.g. the project the rows go to). */
  children?: ReactNode;
  /** Why the load cannot start yet (e.g. no project chosen); disables Cargar. */
  blockedReason?: string;
  /** Called with the server's reply after a successful load; the modal then closes. */
  onLoaded: (reply: Envelope<T>) => void;
}

/**
 * Load from a spreadsheet: download the template, choose one .xlsx file, then Cargar
 * (shown only once a file is chosen), with upload progress. All or nothing: when the server
 * refuses rows, they are listed by row number and nothing was saved.
 */
export function XlsxImportModal<T>(props: XlsxImportModalProps<T>) {
  const { open, title, onClose, templatePath, templateFileName, uploadPath, fields, children, blockedReason, onLoaded } = props;
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: RowError[] } | null>(null);
  const { file, setFile, choose, downloading, downloadTemplate } = useXlsxFile(() => setFailure(null));
  const busy = percent !== null;

  const reset = () => {
    setFile(null);
    setPercent(null);
    setFailure(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const load = async () => {
    if (!file) return;
    const form = new FormData();
    Object.entries(fields ?? {}).forEach(([name, value]) => form.append(name, value));
    form.append('file', file);
    setPercent(0);
    setFailure(null);
    try {
      const reply = await apiUpload<T>(uploadPath, form, setPercent);
      reset();
      onLoaded(reply);
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure({ message, rows: rowErrorsOf(error) });
      setPercent(null);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      maskClosable={!busy}
      keyboard={!busy}
      width={720}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate(() => apiBlob(templatePath, {}), templateFileName)}>
            Descargar Plantilla
          </Button>
          <Flex gap={8}>
            <Button onClick={close} disabled={busy}>
              Cerrar
            </Button>
            {file && (
              // Disabled rather than `loading` while sending: the progress bar shows the upload, and
              // antd's loading state lagged behind a fast refusal and swallowed the next click.
              <Button type="primary" onClick={load} disabled={busy || Boolean(blockedReason)} title={blockedReason}>
                Cargar
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {children}
        <Upload.Dragger accept={XLSX_ACCEPT} beforeUpload={choose} showUploadList={false} maxCount={1} disabled={busy}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : 'Haga clic o arrastre aquí el archivo .xlsx'}</p>
          <p className="ant-upload-hint">Use la plantilla; máximo 5 MB. Si una fila tiene errores no se carga ninguna.</p>
        </Upload.Dragger>
        {busy && <Progress percent={percent} status="active" aria-label="Progreso de carga" />}
        {blockedReason && file && <Typography.Text type="warning">{blockedReason}</Typography.Text>}
        {failure && (
          <>
            <Alert type="error" showIcon title={failure.message} />
            {failure.rows.length > 0 && (
              <Table<RowError>
                size="small"
                rowKey={(r, i) => `${r.fila}-${i}`}
                dataSource={failure.rows}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={[
                  { title: 'Fila', dataIndex: 'fila', width: 80 },
                  { title: 'Error', dataIndex: 'mensaje' },
                ]}
              />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
