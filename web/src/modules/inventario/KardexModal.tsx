import { FileExcelOutlined } from '@ant-design/icons';
import type { InventarioRow, KardexLinea } from '@obra/domain';
import { formatDate, formatDecimal, formatMoney } from '@obra/domain';
import { Button, Descriptions, Flex, Modal, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { ReporteProgreso } from '../orden/ReporteProgreso';
import { useXlsxDownload } from '../orden/reporte-api';
import { useKardex } from './api';
import { formatCantidad, kardexCantidad, productoLabel } from './labels';

/** The weighted average unit cost of a stock row, soles up to 4 decimals; '-' without stock. */
export const costoPromedio = (r: Pick<InventarioRow, 'pal_costo_promedio'>) => (r.pal_costo_promedio === null ? '-' : `S/ ${formatDecimal(r.pal_costo_promedio, 2)}`);

/**
 * The kardex of an item (spec 2 §2): its movements oldest first, 10 a page, with the balance before
 * the page's first line; an entry shows '+', an exit in red. Any page costs the server the same
 * (lines are numbered per item). Each line shows its unit cost, value and valued balance in soles
 * (docs/business-rules.md "Kardex valorizado"). The whole kardex downloads as xlsx.
 */
export function KardexModal({ row, onClose }: { row: InventarioRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const kardex = useKardex(row.pal_id, page);
  const descarga = useXlsxDownload();
  const data = kardex.data;

  const columns: TableColumnsType<KardexLinea> = [
    { title: 'N°', dataIndex: 'kdx_numero', width: 60 },
    { title: 'Fecha', dataIndex: 'kdx_fecha', width: 150, render: (v: string) => formatDate(v, true) },
    { title: 'Glosa', dataIndex: 'kdx_glosa', ellipsis: true },
    {
      title: 'Cantidad', dataIndex: 'kdx_cantidad', width: 110, align: 'right',
      render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : undefined}>{kardexCantidad(v)}</Typography.Text>,
    },
    { title: 'Saldo', dataIndex: 'kdx_saldo', width: 100, align: 'right', render: (v: string) => formatCantidad(v) },
    // Valued kardex (docs/business-rules.md "Kardex valorizado"): soles without IGV.
    { title: 'Costo unitario', dataIndex: 'kdx_costo_unitario', width: 120, align: 'right', render: (v: string) => `S/ ${formatDecimal(v, 2)}` },
    {
      title: 'Valor', dataIndex: 'kdx_valor', width: 120, align: 'right',
      render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : undefined}>{formatMoney('S/', v)}</Typography.Text>,
    },
    { title: 'Saldo valorizado', dataIndex: 'kdx_saldo_valor', width: 136, align: 'right', render: (v: string) => formatMoney('S/', v) },
  ];

  const close = () => {
    descarga.cancel();
    onClose();
  };

  return (
    <Modal
      open
      title={`Kardex | ${productoLabel(row)}`}
      width={1220}
      onCancel={close}
      footer={
        <Flex justify="space-between" align="center">
          <Button icon={<FileExcelOutlined />} loading={descarga.downloading}
            onClick={() => void descarga.start('/productoAlmacen/exportarKardex', { producto_almacen: { pal_id: row.pal_id } }, `kardex-${row.pal_id}.xlsx`)}>
            Exportar XLSX
          </Button>
          <Button onClick={close}>Cerrar</Button>
        </Flex>
      }
    >
      <Descriptions size="small" column={5} style={{ marginBottom: 12 }} items={[
        { key: 'alm', label: 'Almacén', children: warehouseLabel(row) },
        { key: 'stock', label: 'Stock', children: `${formatCantidad(data?.pal.pal_stock ?? row.pal_stock)} ${row.unm_simbolo}` },
        { key: 'inicial', label: 'Saldo inicial', children: data ? formatCantidad(data.pdd_saldo_inicial) : '-' },
        { key: 'costo', label: 'Costo promedio', children: costoPromedio(data?.pal ?? row) },
        { key: 'valor', label: 'Valor', children: formatMoney('S/', (data?.pal ?? row).pal_valor) },
      ]} />
      <DataTable<KardexLinea>
        rowKey="kdx_id"
        columns={columns}
        rows={data?.page_result.list}
        total={data?.page.total}
        page={data?.page.number ?? page}
        onPageChange={setPage}
        loading={kardex.isFetching}
        emptyText="El producto no tiene movimientos"
        scroll={undefined}
        tableLayout="fixed"
      />
      {descarga.downloading && <ReporteProgreso bytes={descarga.bytes} />}
    </Modal>
  );
}
