import { FileExcelOutlined } from '@ant-design/icons';
import type { InventarioRow, KardexLinea } from '@obra/domain';
import { formatDate } from '@obra/domain';
import { Button, Descriptions, Flex, Modal, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { ReporteProgreso } from '../orden/ReporteProgreso';
import { useXlsxDownload } from '../orden/reporte-api';
import { useKardex } from './api';
import { formatCantidad, kardexCantidad, productoLabel } from './labels';

/**
 * The kardex of an item (spec 2 §2): its movements oldest first, 10 a page, with the balance before
 * the page's first line; an entry shows '+', an exit in red. Any page costs the server the same
 * (lines are numbered per item). The whole kardex downloads as xlsx.
 */
export function KardexModal({ row, onClose }: { row: InventarioRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const kardex = useKardex(row.pal_id, page);
  const descarga = useXlsxDownload();
  const data = kardex.data;

  const columns: TableColumnsType<KardexLinea> = [
    { title: 'N°', dataIndex: 'kdx_numero', width: 70 },
    { title: 'Fecha', dataIndex: 'kdx_fecha', width: 160, render: (v: string) => formatDate(v, true) },
    { title: 'Glosa', dataIndex: 'kdx_glosa', ellipsis: true },
    {
      title: 'Cantidad', dataIndex: 'kdx_cantidad', width: 110, align: 'right',
      render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : undefined}>{kardexCantidad(v)}</Typography.Text>,
    },
    { title: 'Saldo', dataIndex: 'kdx_saldo', width: 110, align: 'right', render: (v: string) => formatCantidad(v) },
  ];

  const close = () => {
    descarga.cancel();
    onClose();
  };

  return (
    <Modal
      open
      title={`Kardex | ${productoLabel(row)}`}
      width={900}
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
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }} items={[
        { key: 'alm', label: 'Almacén', children: warehouseLabel(row) },
        { key: 'stock', label: 'Stock', children: `${formatCantidad(data?.pal.pal_stock ?? row.pal_stock)} ${row.unm_simbolo}` },
        { key: 'inicial', label: 'Saldo inicial', children: data ? formatCantidad(data.pdd_saldo_inicial) : '-' },
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
