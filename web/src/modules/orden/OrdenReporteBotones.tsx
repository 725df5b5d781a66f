import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { OrdenPagosReporteModal } from './OrdenPagosReporteModal';
import { OrdenReporteModal } from './OrdenReporteModal';

/** The order list's 'Reporte' and 'Reporte de pagos' buttons (spec 1 §2.9) with their popups; reading only, so VISUALIZADOR has them too. */
export function OrdenReporteBotones() {
  const [abierto, setAbierto] = useState<'reporte' | 'pagos' | null>(null);
  const close = () => setAbierto(null);
  return (
    <>
      <Button icon={<FileExcelOutlined />} onClick={() => setAbierto('reporte')}>
        Reporte
      </Button>
      <Button icon={<FileExcelOutlined />} onClick={() => setAbierto('pagos')}>
        Reporte de pagos
      </Button>
      <OrdenReporteModal open={abierto === 'reporte'} onClose={close} />
      <OrdenPagosReporteModal open={abierto === 'pagos'} onClose={close} />
    </>
  );
}
