import {
  OrdenPagoModificar, OrdenPagoRegistrar, SISTEMAS_PAGO, calcularMontos, opgTransitionError, type OrdenCompraPago, type OrdenPagoRow,
} from '@obra/domain';
import { Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLookups } from '../../app/lookups';
import { useSession } from '../../app/session';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { formatAmount, formatDate, formatRate } from '../../ui/format';
import { toast } from '../../ui/toast';
import { useModificarOrdenPago, useOrdenPago, useRegistrarOrdenPago } from './api';

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
  orden: OrdenCompraPago;
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

/** Spec 1 §2.13 popups: register, view and modify a payment order (fields per spec 1 §3, §5). */
export function OrdenPagoModal({ modo, orden, opgId, onClose }: OrdenPagoModalProps) {
  const [form] = Form.useForm<FormValues>();
  const session = useSession();
  const lookups = useLookups('tipos_documento');
  const pago = useOrdenPago(modo === 'registrar' ? null : opgId);
  const registrar = useRegistrarOrdenPago();
  const modificar = useModificarOrdenPago();
  const total = Form.useWatch('opg_total', form);

  const row = pago.data;
  // Fields are locked in view mode and once the state no longer allows a change (spec 1 §4.3).
  const locked = modo === 'ver' || (modo === 'modificar' && (!row || opgTransitionError(row.opg_estado, 'modificar') !== null));
  const ready = !!lookups.data && (modo === 'registrar' || !!row);
  const creador = modo === 'registrar' ? session?.usu_nombre_completo ?? '' : row?.opg_creador_nombre ?? '';
  const calculo = montos(total, orden.ori_detraccion, orden.mon_simbolo);
  const saving = registrar.isPending || modificar.isPending;
  const sym = orden.mon_simbolo;

  const submit = async (v: FormValues) => {
    const campos = {
      opg_descripcion: v.opg_descripcion,
      opg_fecha_pago_programado: v.opg_fecha_pago_programado?.format('YYYY-MM-DD'),
      opg_pago_cierre: v.opg_pago_cierre ?? undefined,
      tid_id: v.tid_id,
      opg_comprobante: v.opg_comprobante,
      opg_sistema_pago: v.opg_sistema_pago ?? undefined,
      opg_total: v.opg_total,
    };
    let saved;
    if (modo === 'registrar') {
      const body = checkForm(OrdenPagoRegistrar, { orden_pago: { ord_id: orden.ord_id, ...campos } }, form, ['orden_pago']);
      if (!body) return;
      // A refusal was already toasted by the query cache; the popup stays open to correct it.
      saved = await registrar.mutateAsync(body).catch(() => null);
    } else if (row) {
      const body = checkForm(OrdenPagoModificar, { orden_pago: { opg_id: row.opg_id, opg_version: row.opg_version, ...campos } }, form, ['orden_pago']);
      if (!body) return;
      saved = await modificar.mutateAsync(body).catch(() => null);
    }
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  const footer = [
    <Button key="cerrar" onClick={onClose}>
      Cerrar
    </Button>,
    ...(locked ? [] : [
      <Button key="guardar" type="primary" htmlType="submit" form="orden-pago-form" loading={saving} disabled={!ready}>
        Guardar
      </Button>,
    ]),
  ];

  return (
    <Modal open title={row ? `${TITULO[modo]} N° ${row.opg_numero}` : TITULO[modo]} onCancel={onClose} footer={footer} width={720} mask={{ closable: false }}>
      {ready ? (
        <Form<FormValues>
          id="orden-pago-form"
          form={form}
          layout="vertical"
          initialValues={initialOf(row)}
          disabled={locked}
          onValuesChange={clearMarksOnChange(form)}
          onFinish={(v) => void submit(v)}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Creado por" htmlFor="opg-creador">
                <Input id="opg-creador" value={creador} readOnly disabled />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {row && (
                <Form.Item label="Estado" htmlFor="opg-estado">
                  <Input id="opg-estado" value={`${row.edo_nombre}${row.opg_aprobador_nombre ? ` (${row.opg_aprobador_nombre}, ${formatDate(row.opg_fecha_aprobacion, true)})` : ''}`} readOnly disabled />
                </Form.Item>
              )}
            </Col>
            <Col span={24}>
              <Form.Item name="opg_descripcion" label="Descripción" required>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} autoFocus={!locked} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="opg_fecha_pago_programado" label="Fecha programada de pago" required>
                <DatePicker format="DD-MM-YYYY" placeholder="dd-mm-aaaa" style={{ width: '100%' }} />
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
                  placeholder="Seleccione"
                  options={(lookups.data?.tipos_documento ?? []).map((t) => ({ value: t.tid_id, label: t.tid_descripcion }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="opg_comprobante" label="Comprobante">
                <Input maxLength={60} autoComplete="off" placeholder="F001-000123" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="opg_sistema_pago" label="Sistema de pago" required>
                <Select placeholder="Seleccione" options={SISTEMA_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="opg_total" label={`Total (${sym})`} required extra={`Saldo de la orden: ${sym} ${formatAmount(orden.opg_saldo)}`}>
                <Input inputMode="decimal" autoComplete="off" style={{ textAlign: 'right' }} />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Typography.Text type="secondary">Detracción ({formatRate(orden.ori_detraccion)}%)</Typography.Text>
              <div data-testid="opg-detraccion">{calculo.opg_detraccion}</div>
            </Col>
            <Col xs={12}>
              <Typography.Text type="secondary">Pago</Typography.Text>
              <div data-testid="opg-pago">
                <Typography.Text strong>{calculo.opg_pago}</Typography.Text>
              </div>
            </Col>
          </Row>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
