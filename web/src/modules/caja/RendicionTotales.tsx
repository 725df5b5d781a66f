import { formatMoney, rendicionTotales, saldoTexto } from '@obra/domain';
import { Flex, Typography } from 'antd';

interface RendicionTotalesProps {
  monto: string;
  simbolo: string;
  /** The valid amounts of the grid's rows (a row still being typed counts 0). */
  importes: string[];
  /** How the balance was closed (reimbursement or return): it then reads zero, with what closed it. */
  cierre?: { tipo: 'reembolso' | 'devolucion'; caj_monto_cierre_text: string } | null;
}

/** Spec 2 §2/§3: the cash's amount, the total settled and the balance, live as the grid changes (DECISIONS §5). */
export function RendicionTotales({ monto, simbolo, importes, cierre }: RendicionTotalesProps) {
  const t = rendicionTotales(monto, importes);
  const saldo = cierre
    ? `${formatMoney(simbolo, '0')} (${cierre.tipo === 'reembolso' ? 'reembolsado' : 'devuelto'} ${cierre.caj_monto_cierre_text})`
    : saldoTexto(simbolo, t.ren_saldo);
  const item = (label: string, valor: string, type?: 'danger') => (
    <Flex vertical align="flex-end" style={{ minWidth: 160 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong type={type} aria-label={label} style={{ fontSize: 16, whiteSpace: 'nowrap' }}>{valor}</Typography.Text>
    </Flex>
  );
  return (
    <Flex justify="flex-end" gap={32} wrap role="group" aria-label="Totales de la rendición">
      {item('Monto de la caja', formatMoney(simbolo, monto))}
      {item('Total rendido', formatMoney(simbolo, t.ren_total))}
      {item('Saldo', saldo, !cierre && t.saldo_a_favor === 'solicitante' ? 'danger' : undefined)}
    </Flex>
  );
}
