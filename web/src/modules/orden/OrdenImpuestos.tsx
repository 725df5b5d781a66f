import { defaultTaxes, type ImpuestoOrden, type OrdenCalculo, type OriTipo } from '@obra/domain';
import { Alert, Flex, Input, Table, Typography, type TableColumnsType } from 'antd';
import { formatAmount, formatRate } from '../../ui/format';

/** A tax row as the form edits it: the rate typed as a percentage ('18' for IGV 0.18). */
export interface ImpuestoForm {
  descripcion: string;
  ori_tipo: OriTipo;
  pct: string;
}

export const toImpuestoForm = (t: { descripcion: string; valor: string; ori_tipo: number }): ImpuestoForm => ({
  descripcion: t.descripcion,
  ori_tipo: t.ori_tipo as OriTipo,
  pct: formatRate(t.valor),
});

/**
 * A percentage text as a rate fraction, exactly ('18' → '0.18', '0.3' → '0.003'); a text that is
 * not a number goes through unchanged so the calculation reports it ('Ingrese un número válido').
 */
export function pctToFraction(pct: string): string {
  const t = pct.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return t;
  const [int, frac = ''] = t.split('.');
  const digits = int.padStart(3, '0') + frac;
  const point = digits.length - frac.length - 2;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : whole;
}

export const toImpuestoOrden = (t: ImpuestoForm): ImpuestoOrden => ({ descripcion: t.descripcion, ori_tipo: t.ori_tipo, valor: pctToFraction(t.pct) });

/**
 * Default taxes for the order's kind (spec 1 §9), keeping the rate the user typed for each
 * tax type that stays (switching the receipt type keeps IGV's edited rate).
 */
export function recomputeTaxes(current: ImpuestoForm[], o: { tipo_orden: number; es_importacion: boolean; tid_id: number | null }): ImpuestoForm[] {
  return defaultTaxes(o).map((d) => current.find((c) => c.ori_tipo === d.ori_tipo) ?? toImpuestoForm(d));
}

interface OrdenImpuestosProps {
  impuestos: ImpuestoForm[];
  onChange: (impuestos: ImpuestoForm[]) => void;
  calculo: OrdenCalculo | null;
  error: string | null;
  simbolo: string;
  descuentoLabel: string;
}

interface TotalRow {
  key: string;
  label: string;
  amount: string | undefined;
  strong?: boolean;
}

/** Spec 1 §9: editable tax rates and the live totals of `calculateOrder`. */
export function OrdenImpuestos({ impuestos, onChange, calculo, error, simbolo, descuentoLabel }: OrdenImpuestosProps) {
  const columns: TableColumnsType<ImpuestoForm> = [
    { title: 'Impuesto', dataIndex: 'descripcion' },
    {
      title: 'Tasa (%)',
      key: 'pct',
      width: 130,
      render: (_, t) => (
        <Input
          aria-label={`Tasa ${t.descripcion}`}
          inputMode="decimal"
          value={t.pct}
          suffix="%"
          style={{ textAlign: 'right' }}
          onChange={(e) => onChange(impuestos.map((x) => (x.ori_tipo === t.ori_tipo ? { ...x, pct: e.target.value } : x)))}
        />
      ),
    },
    {
      title: 'Monto',
      key: 'monto',
      width: 150,
      align: 'right',
      render: (_, t) => {
        const applied = calculo?.impuestos.find((a) => a.ori_tipo === t.ori_tipo)?.valor_aplicado;
        return <span style={{ whiteSpace: 'nowrap' }}>{applied === undefined ? '-' : `${simbolo} ${formatAmount(applied)}`}</span>;
      },
    },
  ];

  const totals: TotalRow[] = [
    { key: 'subtotal', label: 'SubTotal', amount: calculo?.subtotal },
    { key: 'descuento', label: descuentoLabel, amount: calculo ? `-${calculo.descuento_aplicado}` : undefined },
    { key: 'descontado', label: 'SubTotal con descuento', amount: calculo?.subtotal_descontado },
    ...impuestos.map((t) => ({
      key: `imp-${t.ori_tipo}`,
      label: `${t.descripcion} (${t.pct || 0}%)`,
      amount: calculo?.impuestos.find((a) => a.ori_tipo === t.ori_tipo)?.valor_aplicado,
    })),
    { key: 'total', label: 'TOTAL', amount: calculo?.total, strong: true },
  ];

  return (
    <Flex gap={24} wrap align="flex-start">
      <Table<ImpuestoForm>
        rowKey="ori_tipo"
        size="small"
        columns={columns}
        dataSource={impuestos}
        pagination={false}
        aria-label="Impuestos de la orden"
        style={{ flex: '1 1 380px', maxWidth: 560 }}
      />
      <Flex vertical gap={8} style={{ flex: '1 1 320px', maxWidth: 440 }}>
        {error ? <Alert type="error" showIcon title={error} role="alert" data-testid="calculo-error" /> : null}
        <table aria-label="Totales de la orden" style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {totals.map((t) => (
              <tr key={t.key} data-testid={`total-${t.key}`} style={{ borderBottom: '1px solid #f0f0f0' }}>
                <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                  <Typography.Text strong={t.strong}>{t.label}</Typography.Text>
                </td>
                <td style={{ padding: '6px 8px', textAlign: 'right', whiteSpace: 'nowrap', width: 160 }}>
                  <Typography.Text strong={t.strong}>{t.amount === undefined ? '-' : `${simbolo} ${formatAmount(t.amount)}`}</Typography.Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Flex>
    </Flex>
  );
}
