import {
  ORDEN_PAGO_MSG, OrdenPagoModificar, OrdenPagoRegistrar, SISTEMAS_PAGO, calcularMontos, opgTransitionError, type OrdenPagoRow,
} from '@obra/domain';
import { Col, DatePicker, Descriptions, Form, Input, Radio, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLookups } from '../../base/lookups';
import { useSession } from '../../base/session';
import { FormModal } from '../../ui/FormModal';
import { FECHA_FORMATOS, formatAmount, formatDate, formatRate } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { useModificarOrdenPago, useOrdenCompraPago, useOrdenPago, useRegistrarOrdenPago } from './api';
import { limite } from '../../ui/inputs';

export type ModoOrdenPago = 'registrar' | 'ver' | 'modificar';

interface FormValues {
  opg_descripcion: string;
  opg_fecha_pago_programado: Dayjs | null;
  opg_pago_cierre: 0 | 1 | null;
  tid_id: number | null;
  opg_comprobante: string;
  opg_sistema_pago: number | null;
  opg_total: string;
}

interface OrdenPagoModalProps {
  modo: ModoOrdenPago;
  /** The purchase order (its detracción rate, currency and balance). */
  ordId: number;
  /** The payment order to view or modify; null to register one. */
  opgId: number | null;
  onClose: () => void;
}

const TITULO: Record<ModoOrdenPago, string> = { registrar: 'Registrar Orden de Pago', ver: 'Ver Orden de Pago', modificar: 'Modificar Orden de Pago' };
const SISTEMA_OPTIONS = SISTEMAS_PAGO.map((s) => ({ value: s.id, label: s.descripcion }));
const CIERRE_OPTIONS = [{ value: 1, label: 'Sí' }, { value: 0, label: 'No' }];

const initialOf = (row: OrdenPagoRow | undefined): FormValues => (row
  ? {
    opg_descripcion: row.opg_descripcion,
    opg_fecha_pago_programado: dayjs(row.opg_fecha_pago_programado),
    opg_pago_cierre: row.opg_pago_cierre === 1 ? 1 : 0,
    tid_id: row.tid_id,
    opg_comprobante: row.opg_comprobante,
    opg_sistema_pago: row.opg_sistema_pago,
    opg_total: row.opg_total,
  }
  : { opg_descripcion: '', opg_fecha_pago_programado: null, opg_pago_cierre: 0, tid_id: null, opg_comprobante: '', opg_sistema_pago: null, opg_total: '' });

/** detracción and pago of the typed total, with the domain function the server uses; a dash until it is a valid amount. */
function montos(total: string | undefined, tasa: string, sym: string) {
  const t = (total ?? '').trim().replace(',', '.');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(t)) return { opg_detraccion: '-', opg_pago: '-' };
  const m = calcularMontos(t, tasa);
  return { opg_detraccion: `${sym} ${formatAmount(m.opg_detraccion)}`, opg_pago: `${sym} ${formatAmount(m.opg_pago)}` };
}

/**
 * Spec 1 §2.13 popups: register, view and modify a payment order (fields per spec 1 §3, §5), with
 * its state, approval and deposit (date, operation number, who) shown whole above the fields.
 */
export function OrdenPagoModal({ modo, ordId, opgId, onClose }: OrdenPagoModalProps) {
  const [form] = Form.useForm<FormValues>();
  const session = useSession();
  const lookups = useLookups('tipos_documento');
  const orden = useOrdenCompraPago(ordId);
  const pago = useOrdenPago(modo === 'registrar' ? null : opgId);
  const registrar = useRegistrarOrdenPago();
  const modificar = useModificarOrdenPago();
  const total = Form.useWatch('opg_total', form);

  const row = pago.data;
  const o = orden.data;
  // Fields are locked in view mode and once the state no longer allows a change (spec 1 §4.3).
  const locked = modo === 'ver' || (modo === 'modificar' && (!row || opgTransitionError(row.opg_estado, 'modificar') !== null));
  const ready = !!lookups.data && !!o && (modo === 'registrar' || !!row);
  const creador = modo === 'registrar' ? session?.usu_nombre_completo ?? '' : row?.opg_creador_nombre ?? '';
  const sym = o?.mon_simbolo ?? '';
  const calculo = montos(total, o?.ori_detraccion ?? '0', sym);

  const toPayload = (v: FormValues) => {
    const campos = {
      opg_descripcion: v.opg_descripcion,
      opg_fecha_pago_programado: v.opg_fecha_pago_programado?.format('YYYY-MM-DD'),
      opg_pago_cierre: v.opg_pago_cierre ?? undefined,
      tid_id: v.tid_id,
      opg_comprobante: v.opg_comprobante,
      opg_sistema_pago: v.opg_sistema_pago ?? undefined,
      opg_total: v.opg_total,
    };
    return row ? { orden_pago: { opg_id: row.opg_id, opg_version: row.opg_version, ...campos } } : { orden_pago: { ord_id: ordId, ...campos } };
  };

  return (
    <FormModal<FormValues, OrdenPagoRegistrar | OrdenPagoModificar>
      title={row ? `${TITULO[modo]} N° ${row.opg_numero}` : TITULO[modo]}
      width={720}
      form={form}
      initialValues={ready ? initialOf(row) : undefined}
      schema={modo === 'registrar' ? OrdenPagoRegistrar : OrdenPagoModificar}
      toPayload={toPayload}
      at={['orden_pago']}
      onSave={(body) => ('ord_id' in body.orden_pago ? registrar.mutateAsync(body as OrdenPagoRegistrar) : modificar.mutateAsync(body as OrdenPagoModificar))}
      readOnly={locked}
      loadError={pago.isError || orden.isError ? ORDEN_PAGO_MSG.notFound : undefined}
      notice={row && <Situacion row={row} />}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Creado por" htmlFor="opg-creador">
            <Input id="opg-creador" value={creador} readOnly disabled />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="opg_descripcion" label="Descripción" required>
            <Input.TextArea count={limite(500)} autoSize={{ minRows: 2, maxRows: 4 }} autoFocus={!locked} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opg_fecha_pago_programado" label="Fecha programada de pago" required>
            <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opg_pago_cierre" label="Pago de cierre" required>
            <Radio.Group options={CIERRE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tid_id" label="Tipo de documento">
            <Select
              allowClear
              placeholder={locked ? undefined : 'Seleccione'}
              options={(lookups.data?.tipos_documento ?? []).map((t) => ({ value: t.tid_id, label: t.tid_descripcion }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opg_comprobante" label="Comprobante">
            <Input maxLength={60} autoComplete="off" placeholder={locked ? undefined : 'F001-000123'} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opg_sistema_pago" label="Sistema de pago" required>
            <Select placeholder="Seleccione" options={SISTEMA_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opg_total" label={`Total (${sym})`} required extra={o && `Saldo de la orden: ${sym} ${formatAmount(o.opg_saldo)}`}>
            <Input inputMode="decimal" autoComplete="off" style={{ textAlign: 'right' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Typography.Text type="secondary">Detracción ({formatRate(o?.ori_detraccion ?? '0')}%)</Typography.Text>
          <div data-testid="opg-detraccion">{calculo.opg_detraccion}</div>
        </Col>
        <Col xs={12}>
          <Typography.Text type="secondary">Pago</Typography.Text>
          <div data-testid="opg-pago">
            <Typography.Text strong>{calculo.opg_pago}</Typography.Text>
          </div>
        </Col>
      </Row>
    </FormModal>
  );
}

/** Where the payment order stands: its state whole, who approved it and when, and the deposit (date, operation number, who). */
function Situacion({ row }: { row: OrdenPagoRow }) {
  const items = [
    { key: 'estado', label: 'Estado', children: <StatusTag text={row.edo_nombre} color={row.edo_styles || 'default'} /> },
    ...(row.opg_aprobador_nombre
      ? [{ key: 'aprobado', label: 'Aprobado por', children: `${row.opg_aprobador_nombre} (${formatDate(row.opg_fecha_aprobacion, true)})` }]
      : []),
    ...(row.opg_fecha_deposito
      ? [
          { key: 'fecha', label: 'Fecha de depósito', children: formatDate(row.opg_fecha_deposito) },
          { key: 'operacion', label: 'N° de operación', children: row.opg_numero_operacion },
          { key: 'depositante', label: 'Depositado por', children: row.opg_depositante_nombre ?? '-' },
        ]
      : []),
  ];
  return <Descriptions size="small" bordered column={2} items={items} style={{ marginBottom: 16 }} styles={{ label: { whiteSpace: 'nowrap' } }} aria-label="Situación" />;
}
