import { FilePdfOutlined } from '@ant-design/icons';
import type { CajaDetalle, CajaFila, RendicionLineaRevisada } from '@obra/domain';
import { Button, Card, Descriptions, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { CellText } from '../../ui/CellText';
import { formatDate, formatMoney } from '../../ui/format';
import { useAbrirPdfRendicion, useRendicionxCaja, type CierreAccion } from './api';
import { CajaCierreAviso } from './CajaCierreAviso';

/** The documents' columns; amounts in the cash's currency. */
const columnas = (simbolo: string): TableColumnsType<RendicionLineaRevisada> => [
  { title: 'N°', dataIndex: 'red_item', width: 50, align: 'right' },
  { title: 'Fecha', dataIndex: 'red_fecha', width: 100, render: (d: string) => formatDate(d) },
  { title: 'DNI/RUC', dataIndex: 'red_dni_ruc', width: 120 },
  { title: 'Razón social', dataIndex: 'red_razon_social', ellipsis: { showTitle: false }, render: (t: string) => <CellText text={t} /> },
  { title: 'Descripción', dataIndex: 'red_descripcion', ellipsis: { showTitle: false }, render: (t: string) => <CellText text={t} /> },
  { title: 'Centro de costo', dataIndex: 'cec_codigo', width: 130 },
  { title: 'Tipo', dataIndex: 'tid_descripcion', width: 130, ellipsis: { showTitle: false }, render: (t: string) => <CellText text={t} /> },
  { title: 'Serie', dataIndex: 'red_serie', width: 80 },
  { title: 'Número', dataIndex: 'red_numero', width: 110 },
  {
    title: 'Importe',
    dataIndex: 'red_importe',
    width: 130,
    align: 'right',
    render: (importe: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(simbolo, importe)}</span>,
  },
];

/**
 * The settlement on the cash's detail (spec 2 §2 "Petty cash detail", §3 "Expense report"): amount,
 * total of the documents and the balance (a negative one is owed to the requester), the documents
 * and the attached PDF, opened in a new tab; once approved, the balance's reimbursement or return
 * (pending, with its action, or done, with its voucher).
 */
export function CajaRendicion({ caja, onAccion }: {
  caja: Pick<CajaFila, 'caj_id' | 'caj_monto_text' | 'mon_simbolo' | 'caj_url_pdf' | 'caj_pdf_nombre'> & Pick<CajaDetalle, 'est_id' | 'caj_opciones' | 'cierre'>;
  onAccion?: (a: CierreAccion) => void;
}) {
  const rendicion = useRendicionxCaja(caja.caj_id);
  const pdf = useAbrirPdfRendicion();
  const r = rendicion.data;

  return (
    <Card
      size="small"
      title="Rendición"
      extra={
        caja.caj_url_pdf ? (
          <Button type="link" icon={<FilePdfOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate(caja.caj_id)}>
            {caja.caj_pdf_nombre ?? 'PDF de la rendición'}
          </Button>
        ) : (
          <Typography.Text type="secondary">Sin PDF adjunto</Typography.Text>
        )
      }
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'monto', label: 'Monto de la caja', children: caja.caj_monto_text },
            { key: 'total', label: 'Total rendido', children: <span data-testid="rendicion-total">{r?.ren_total_text ?? '-'}</span> },
            {
              key: 'saldo',
              label: 'Saldo',
              // Once reimbursed or returned the balance is settled: zero, with what closed it.
              children: caja.cierre ? (
                <Flex vertical>
                  <Typography.Text data-testid="rendicion-saldo" strong>{formatMoney(caja.mon_simbolo, '0')}</Typography.Text>
                  <Typography.Text type="secondary">
                    {`${caja.cierre.tipo === 'reembolso' ? 'Reembolsado' : 'Devuelto'}: ${caja.cierre.caj_monto_cierre_text}`}
                  </Typography.Text>
                </Flex>
              ) : (
                <Typography.Text data-testid="rendicion-saldo" type={r?.saldo_a_favor === 'solicitante' ? 'danger' : undefined} strong>
                  {r?.ren_saldo_text ?? '-'}
                </Typography.Text>
              ),
            },
          ]}
        />
        <CajaCierreAviso caja={caja} rendicion={r} onAccion={onAccion} />
        <Table<RendicionLineaRevisada>
          size="small"
          rowKey="red_item"
          tableLayout="fixed"
          pagination={false}
          loading={rendicion.isFetching && !r}
          dataSource={r?.lista_rendicion_detalle ?? []}
          columns={columnas(caja.mon_simbolo)}
          scroll={{ x: 1100 }}
          aria-label="Documentos de la rendición"
          locale={{ emptyText: 'La rendición no tiene documentos' }}
        />
      </Flex>
    </Card>
  );
}
