import { FileExcelOutlined } from '@ant-design/icons';
import { limaDate } from '@obra/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { ReporteProgreso } from '../orden/ReporteProgreso';
import { useXlsxDownload } from '../orden/reporte-api';
import { REPORTE_CAJAS, REPORTE_RENDICIONES, type CajaFiltros } from './api';

type Reporte = 'cajas' | 'rendiciones';

const REPORTES: Record<Reporte, { path: string; label: string; archivo: string }> = {
  cajas: { path: REPORTE_CAJAS, label: 'Reporte de cajas', archivo: 'reporte-cajas' },
  rendiciones: { path: REPORTE_RENDICIONES, label: 'Reporte de rendiciones', archivo: 'reporte-rendiciones' },
};

/**
 * The list's two spreadsheets (spec 2 §2 "Petty cash list"): the cash boxes, and the documents of
 * their settlements, of the filter on screen; one at a time, with the bytes received while it
 * downloads. Reading only, so every role with the module has them.
 */
export function CajaReportes({ filtros }: { filtros: CajaFiltros }) {
  const descarga = useXlsxDownload();
  const [activo, setActivo] = useState<Reporte | null>(null);

  const descargar = async (r: Reporte) => {
    setActivo(r);
    await descarga.start(REPORTES[r].path, { caja: filtros }, `${REPORTES[r].archivo}-${limaDate()}.xlsx`);
    setActivo(null);
  };

  return (
    <>
      {descarga.downloading && (
        <div style={{ width: 200 }}>
          <ReporteProgreso bytes={descarga.bytes} />
        </div>
      )}
      {(Object.keys(REPORTES) as Reporte[]).map((r) => (
        <Button key={r} icon={<FileExcelOutlined />} loading={activo === r} disabled={activo !== null && activo !== r} onClick={() => void descargar(r)}>
          {REPORTES[r].label}
        </Button>
      ))}
    </>
  );
}
