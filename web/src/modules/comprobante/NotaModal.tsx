import {
  CPE_MOTIVOS_NC, CPE_MOTIVOS_ND, CPE_MOTIVOS_TOTALES, CPE_TIPO_NOMBRE, ComprobanteEmitirNota, toScaled, ventaTotales,
  type ComprobanteParaNota,
} from '@obra/domain';
import { Alert, Checkbox, Col, Descriptions, Form, Input, Radio, Row, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../ui/FormModal';
import { formatDate, formatDecimal, formatMoney } from '../../ui/format';
import { useComprobanteParaNota, useEmitirNota } from './api';
import { limite } from '../../ui/inputs';

interface LineaValor {
  incluir: boolean;
  cantidad: string;
  valor_unitario: string;
}

interface Valores {
  cpe_tipo: '07' | '08';
  motivo_codigo: string;
  motivo: string;
  lineas: LineaValor[];
}

/** UN/ECE units as people read them. */
const UNIDAD: Record<string, string> = { MTQ: 'm³', HUR: 'h', NIU: 'und', KGM: 'kg', TNE: 't', BG: 'bolsa', ZZ: 'serv.' };

const opciones = (m: Record<string, string>) => Object.entries(m).map(([value, nombre]) => ({ value, label: `${value} · ${nombre}` }));
const decimal = (v: string) => (v ?? '').trim().replace(',', '.');

/** The lines the note takes as the form holds them: all for a total credit note, else those ticked. */
function elegidas(c: ComprobanteParaNota, v: Partial<Valores>) {
  const total = v.cpe_tipo === '07' && CPE_MOTIVOS_TOTALES.includes(v.motivo_codigo ?? '');
  return c.lineas.flatMap((l, i) => {
    const f = v.lineas?.[i];
    if (total) return [{ linea: l.linea, cantidad: l.cantidad, valor_unitario: l.valor_unitario }];
    return f?.incluir ? [{ linea: l.linea, cantidad: decimal(f.cantidad), valor_unitario: decimal(f.valor_unitario) }] : [];
  });
}

/** The note's amounts as the server will compute them (domain ventaTotales); null while a line is not a number. */
function vistaPrevia(c: ComprobanteParaNota, v: Partial<Valores>) {
  const lineas = elegidas(c, v);
  if (lineas.length === 0 || lineas.some((l) => toScaled(l.cantidad, 4) === null || toScaled(l.valor_unitario, 2) === null)) return null;
  return ventaTotales(lineas.map((l) => ({ ovd_cantidad: l.cantidad, ovd_precio: l.valor_unitario })), c.igv_tasa);
}

/**
 * 'Emitir nota' on a factura or boleta (issue 23): a credit note (07) or debit note (08) with SUNAT's
 * reason (catalogues 09 and 10) and its justification. A total cancellation or return takes every line
 * as issued; other reasons take the lines ticked, each with its quantity and unit value (without IGV).
 * The amounts are previewed as the server computes them; the server checks everything again.
 */
export function NotaModal({ cpeId, onClose }: { cpeId: number; onClose: () => void }) {
  const [form] = Form.useForm<Valores>();
  const base = useComprobanteParaNota(cpeId);
  const emitir = useEmitirNota();
  const c = base.data;
  const tipo = Form.useWatch('cpe_tipo', form);
  const motivoCodigo = Form.useWatch('motivo_codigo', form);
  const valores = Form.useWatch([], form) as Partial<Valores> | undefined;
  const total = tipo === '07' && CPE_MOTIVOS_TOTALES.includes(motivoCodigo ?? '');
  const inicial = useMemo<Valores | undefined>(() => c && {
    cpe_tipo: '07', motivo_codigo: '', motivo: '',
    lineas: c.lineas.map((l) => ({ incluir: false, cantidad: formatDecimal(l.cantidad), valor_unitario: l.valor_unitario })),
  }, [c]);
  const previa = c && valores ? vistaPrevia(c, valores) : null;

  const columnas: TableColumnsType<ComprobanteParaNota['lineas'][number]> = [
    {
      title: '',
      key: 'incluir',
      width: 40,
      // A total note takes every line: shown ticked and fixed.
      render: (_, l, i) => (total
        ? <Checkbox aria-label={`Incluir la línea ${l.linea}`} checked disabled />
        : (
          <Form.Item name={['lineas', i, 'incluir']} valuePropName="checked" noStyle>
            <Checkbox aria-label={`Incluir la línea ${l.linea}`} />
          </Form.Item>
        )),
    },
    { title: 'Descripción', dataIndex: 'descripcion', ellipsis: true },
    { title: 'Cant. emitida', dataIndex: 'cantidad', width: 110, align: 'right', render: (q: string, l) => `${formatDecimal(q)} ${UNIDAD[l.unidad] ?? l.unidad}` },
    {
      title: 'Cantidad',
      key: 'cantidad',
      width: 110,
      render: (_, l, i) => (
        <Form.Item name={['lineas', i, 'cantidad']} noStyle>
          <Input inputMode="decimal" aria-label={`Cantidad de la línea ${l.linea}`} disabled={total || !valores?.lineas?.[i]?.incluir} style={{ textAlign: 'right' }} />
        </Form.Item>
      ),
    },
    {
      title: 'Valor unitario (sin IGV)',
      key: 'valor',
      width: 150,
      render: (_, l, i) => (
        <Form.Item name={['lineas', i, 'valor_unitario']} noStyle>
          <Input inputMode="decimal" aria-label={`Valor unitario de la línea ${l.linea}`} disabled={total || !valores?.lineas?.[i]?.incluir} style={{ textAlign: 'right' }} />
        </Form.Item>
      ),
    },
  ];

  return (
    <FormModal<Valores, ComprobanteEmitirNota>
      title={c ? `Emitir nota sobre ${CPE_TIPO_NOMBRE[c.cpe_tipo]?.toLowerCase() ?? ''} ${c.cpe_comprobante}` : 'Emitir nota'}
      width={860}
      form={form}
      initialValues={inicial}
      loadError={base.isError ? 'No se pudo leer el comprobante' : undefined}
      schema={ComprobanteEmitirNota}
      at={['nota']}
      toPayload={(v) => ({
        nota: {
          cpe_id: cpeId, cpe_tipo: v.cpe_tipo, motivo_codigo: v.motivo_codigo, motivo: v.motivo,
          lineas: total || !c ? null : elegidas(c, v),
        },
      })}
      onValuesChange={(changed) => {
        // Another kind of note has other reasons.
        if (changed.cpe_tipo) form.setFieldValue('motivo_codigo', '');
      }}
      onSave={async (p) => emitir.mutateAsync(p.nota as Parameters<typeof emitir.mutateAsync>[0])}
      okText="Emitir nota"
      notice={c && !c.puede_emitir_nota && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="Este comprobante no admite notas: no está aceptado por SUNAT o está anulado o en anulación." />
      )}
      onClose={onClose}
    >
      {c && (
        <>
          <Descriptions
            size="small"
            column={3}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'cliente', label: 'Cliente', span: 3, children: c.cli_nombre },
              { key: 'fecha', label: 'Emitido', children: formatDate(c.cpe_fecha_emision) },
              { key: 'total', label: 'Total', children: formatMoney(c.mon_simbolo, c.cpe_total) },
              { key: 'disp', label: 'Por acreditar', children: formatMoney(c.mon_simbolo, c.disponible) },
            ]}
          />
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="cpe_tipo" label="Tipo de nota" required>
                <Radio.Group optionType="button" options={[{ value: '07', label: 'Crédito' }, { value: '08', label: 'Débito' }]} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="motivo_codigo" label="Motivo (SUNAT)" required>
                <Select
                  aria-label="Motivo"
                  placeholder="Seleccione"
                  options={opciones(tipo === '08' ? CPE_MOTIVOS_ND : CPE_MOTIVOS_NC)}
                  // A total note cannot follow partial ones: the server says so too.
                  optionRender={(o) => (tipo === '07' && c.notas_credito > 0 && CPE_MOTIVOS_TOTALES.includes(String(o.value)) ? <Typography.Text type="secondary">{o.label}</Typography.Text> : o.label)}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="motivo" label="Sustento" required>
            <Input.TextArea rows={2} count={limite(250)} aria-label="Sustento" placeholder="Por qué se emite la nota" />
          </Form.Item>
          {total
            ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title="La nota toma todas las líneas del comprobante; cuando SUNAT la acepte, el comprobante queda anulado y el pedido puede recibir otro." />
            : <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>Marque las líneas que toma la nota e indique cantidad y valor unitario.</Typography.Paragraph>}
          <Table rowKey="linea" size="small" columns={columnas} dataSource={c.lineas} pagination={false} tableLayout="fixed" aria-label="Líneas del comprobante" />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0, textAlign: 'right' }} aria-live="polite">
            {previa
              ? `Subtotal ${formatMoney(c.mon_simbolo, previa.ovt_subtotal)} · IGV ${formatMoney(c.mon_simbolo, previa.ovt_igv)} · Total de la nota ${formatMoney(c.mon_simbolo, previa.ovt_total)}`
              : 'Total de la nota: —'}
          </Typography.Paragraph>
        </>
      )}
    </FormModal>
  );
}
