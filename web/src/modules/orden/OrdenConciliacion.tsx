import { CONCILIACION_MARCA, type ConciliacionLinea } from '@obra/domain';
import { Alert, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatAmount, formatDecimal } from '../../ui/format';
import { useConciliacion } from './conciliacion-api';

const num = (v: string | null) => (v === null ? '-' : formatDecimal(v));

/**
 * Conciliación (issue 25): per line what was ordered, received through transfers and invoiced by the
 * supplier, with the differences beyond the tolerance flagged. Information only: nothing is blocked.
 */
export function OrdenConciliacion({ ordId }: { ordId: number }) {
  const c = useConciliacion(ordId);
  if (!c.data) return null;
  const d = c.data;
  const sym = d.mon_simbolo;
  const columns: TableColumnsType<ConciliacionLinea> = [
    { title: 'N°', dataIndex: 'oci_orden', width: 50, align: 'center' },
    { title: 'Descripción', dataIndex: 'descripcion' },
    { title: 'Pedido', dataIndex: 'cantidad_pedida', width: 90, align: 'right', render: num },
    { title: 'Recibido', dataIndex: 'cantidad_recibida', width: 90, align: 'right', render: num },
    { title: 'Facturado', dataIndex: 'cantidad_facturada', width: 90, align: 'right', render: num },
    { title: 'P.U. pedido', dataIndex: 'precio_pedido', width: 110, align: 'right', render: (v: string) => formatDecimal(v, 2) },
    { title: 'P.U. facturado', dataIndex: 'precio_facturado', width: 120, align: 'right', render: (v: string | null) => (v === null ? '-' : formatDecimal(v, 2)) },
    {
      title: 'Observaciones', key: 'marcas', width: 260,
      render: (_, l) => (l.marcas.length ? l.marcas.map((m) => <Tag key={m} color="orange">{CONCILIACION_MARCA[m]}</Tag>) : <Tag color="green">Conforme</Tag>),
    },
  ];
  const tol = [d.tolerancia.porcentaje && `${formatDecimal(d.tolerancia.porcentaje)} %`, d.tolerancia.monto && `S/ ${formatAmount(d.tolerancia.monto)}`].filter(Boolean).join(' o ');
  return (
    <Card size="small" title="Conciliación" extra={d.observada ? <Tag color="orange">Con diferencias</Tag> : <Tag color="green">Sin diferencias</Tag>}>
      <Flex vertical gap={12}>
        {d.marcas.map((m) => <Alert key={m} type="warning" showIcon title={CONCILIACION_MARCA[m]} />)}
        <Typography.Text type="secondary">
          {`Total de la orden ${sym} ${formatAmount(d.total_pedido)} · facturado ${sym} ${formatAmount(d.total_facturado)} en ${d.facturas.length} factura(s)`}
          {d.valor_recibido !== null && ` · recibido (sin IGV) ${sym} ${formatAmount(d.valor_recibido)}`}
          {` · tolerancia ${tol} (la más estricta)`}
        </Typography.Text>
        <Table<ConciliacionLinea> rowKey="oci_id" size="small" pagination={false} columns={columns} dataSource={d.lineas}
          tableLayout="fixed" scroll={{ x: 1000 }} aria-label="Conciliación de la orden" />
        {d.facturas.length > 0 && (
          <Typography.Text type="secondary">
            {d.facturas.map((f) => `${f.numero} (${f.fecha_emision}): ${sym} ${formatAmount(f.total)}${f.por_linea ? '' : ', solo por totales'}`).join(' · ')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
