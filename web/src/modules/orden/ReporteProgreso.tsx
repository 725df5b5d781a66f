import { formatBytes } from '@obra/domain';
import { Progress, Typography } from 'antd';

/**
 * While a report downloads: the server streams it without a length, so the bar runs
 * indeterminately and the text counts the bytes received.
 */
export function ReporteProgreso({ bytes }: { bytes: number }) {
  return (
    <div role="status" aria-live="polite" style={{ marginTop: 8 }}>
      <Progress percent={100} status="active" showInfo={false} />
      <Typography.Text type="secondary">Descargando… {formatBytes(bytes)} recibidos</Typography.Text>
    </div>
  );
}
