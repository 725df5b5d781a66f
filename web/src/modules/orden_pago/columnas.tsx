import type { OrdenPagoRow } from '@obra/domain';
import { Flex, Typography, type TableColumnType } from 'antd';
import { CellText } from '../../ui/CellText';
import { formatDate, formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { exportarComo } from '../../ui/exportar';

/** Columns both payment order lists share (per order and the inbox). */

/** An amount with its currency on one line. */
export const montoColumna = (title: string, dataIndex: 'opg_total' | 'opg_detraccion' | 'opg_pago', width = 112): TableColumnType<OrdenPagoRow> => exportarComo({
  title,
  dataIndex,
  width,
  align: 'right',
  render: (v: string, r: OrdenPagoRow) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.mon_simbolo, v)}</span>,
}, { tipo: 'money' });

/** The state tag, whole: the column is as wide as the longest name ('Desaprobada'). */
export const estadoColumna: TableColumnType<OrdenPagoRow> = {
  title: 'Estado',
  dataIndex: 'edo_nombre',
  width: 118,
  render: (n: string, r) => <StatusTag text={n} color={r.edo_styles || 'default'} />,
};

/** The deposit: its operation number first, the date and who deposited below; a dash before it. */
export const depositoColumna: TableColumnType<OrdenPagoRow> = exportarComo<TableColumnType<OrdenPagoRow>>({
  title: 'Depósito',
  key: 'deposito',
  width: 168,
  render: (_, r) => {
    if (!r.opg_fecha_deposito) return '-';
    const quien = `${formatDate(r.opg_fecha_deposito)} · ${r.opg_depositante_nombre ?? '-'}`;
    return (
      <Flex vertical style={{ minWidth: 0 }}>
        <CellText text={`N° ${r.opg_numero_operacion}`} />
        <Typography.Text type="secondary" ellipsis={{ tooltip: quien }} style={{ fontSize: 12, width: '100%' }}>
          {quien}
        </Typography.Text>
      </Flex>
    );
  },
}, { campo: ['opg_numero_operacion', 'opg_depositante_nombre'], separador: ' · ' });
