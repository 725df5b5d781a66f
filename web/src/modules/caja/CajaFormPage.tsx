import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { CAJA_MSG, CajaEditar, CajaRegistrar, MSG, cajTransicionError, isReadOnly, type CajaAprobador, type CajaDetalle } from '@obra/domain';
import { Button, Card, Col, Flex, Form, Input, Result, Row, Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRoleIds, useSession } from '../../base/session';
import { checkForm } from '../../ui/checkForm';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useAprobadores, useCaja, useCajaDatos, useEditarCaja, useRegistrarCaja, type CajaDatosCarga } from './api';
import { conMensaje } from './CajaMensaje';
import { limite } from '../../ui/inputs';

const TITLE = 'Caja chica';
/** The form's width: eight short fields read best in three columns, and the header's buttons end left of the toasts. */
const ANCHO = 900;
const required = [{ required: true, message: MSG.required }];

interface Campos {
  mon_id?: number;
  cec_id?: number;
  tca_id?: number;
  caj_titulo?: string;
  caj_descripcion?: string;
  caj_monto?: string;
  usu_gerente?: number;
  usu_solicitante?: number;
}

/** The cash id of /caja/edit/:id; undefined on /caja/new, null when malformed. */
function useEditId(): number | null | undefined {
  const { id } = useParams();
  if (id === undefined) return undefined;
  return /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** An amount as typed ('1500', '1,500.5', '007') with two decimals ('1500.00', '1500.50', '7.00'), as text; anything else is left for the schema to refuse. */
const dosDecimales = (v: string | undefined) => {
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec((v ?? '').replace(/,/g, '').trim());
  return m ? `${m[1].replace(/^0+(?=\d)/, '')}.${(m[2] ?? '').padEnd(2, '0')}` : v;
};

/** The approvers grouped: the requester's own managers first, then the other approvers of the project. */
function aprobadorOpciones(lista: CajaAprobador[]): SelectProps['options'] {
  const opcion = (a: CajaAprobador) => ({ value: a.usu_id, label: `${a.usu_nombre_completo} · ${a.pry_nombre ?? 'Toda la empresa'}` });
  const jefes = lista.filter((a) => a.es_jefe);
  const otros = lista.filter((a) => !a.es_jefe);
  if (!jefes.length) return otros.map(opcion);
  return [
    { label: 'Gerente del solicitante', title: 'Gerente del solicitante', options: jefes.map(opcion) },
    ...(otros.length ? [{ label: 'Otros aprobadores', title: 'Otros aprobadores', options: otros.map(opcion) }] : []),
  ];
}

/**
 * Spec 2 §2 "Petty cash form": /caja/new and /caja/edit/:id (registered or disapproved cash boxes
 * only, for those the server's `editar_caja` flag names). Saving goes back to the list with the
 * reply's message; leaving with changes asks first.
 */
export function CajaFormPage() {
  const navigate = useNavigate();
  const editId = useEditId();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const caja = useCaja(editId ?? null);
  const datos = useCajaDatos();
  const c = caja.data;
  // Why the form may not open: a read-only role, or a cash box the caller may not edit now.
  const bloqueo = readOnly ? CAJA_MSG.soloLectura
    : c && !c.caj_opciones.editar_caja ? cajTransicionError(c.est_id, 'editar_caja') ?? CAJA_MSG.soloSolicitante
    : null;

  useEffect(() => {
    if (!bloqueo) return;
    toast.error(bloqueo);
    void navigate('/caja', { replace: true });
  }, [bloqueo, navigate]);

  if (editId === null || caja.isError) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Result status="warning" title={CAJA_MSG.notFound} extra={<Button onClick={() => void navigate('/caja')}>Regresar</Button>} />
      </>
    );
  }
  if (bloqueo || !datos.data || (editId !== undefined && !c)) return <PageHeader title={editId ? `${TITLE} - Editar` : `${TITLE} - Nueva`} />;
  return <CajaForm key={editId ?? 'new'} caja={c ?? null} datos={datos.data} />;
}

function CajaForm({ caja, datos }: { caja: CajaDetalle | null; datos: CajaDatosCarga }) {
  const navigate = useNavigate();
  const usuId = useSession()?.id_usuario;
  const [form] = Form.useForm<Campos>();
  const [edited, setEdited] = useState(false);
  const release = useLeaveGuard(edited);
  const registrar = useRegistrarCaja();
  const editar = useEditarCaja();
  const guardando = registrar.isPending || editar.isPending;
  const monId = Form.useWatch('mon_id', form);
  const simbolo = datos.monedas.find((m) => m.mon_id === monId)?.mon_simbolo;
  // Issue 24: the managers come from the server for the chosen cost centre's project and requester.
  const cecId = Form.useWatch('cec_id', form) ?? caja?.cec_id;
  const solicitanteId = Form.useWatch('usu_solicitante', form) ?? caja?.usu_solicitante;
  const aprobadores = useAprobadores(cecId, solicitanteId);
  const lista = aprobadores.data;

  // A manager who does not qualify for the new centre or requester is cleared; an empty one takes the requester's first manager.
  useEffect(() => {
    if (!lista || aprobadores.isPlaceholderData) return;
    const actual = form.getFieldValue('usu_gerente') as number | undefined;
    if (actual !== undefined && !lista.some((a) => a.usu_id === actual)) form.setFieldValue('usu_gerente', undefined);
    if (form.getFieldValue('usu_gerente') === undefined && lista[0]?.es_jefe) form.setFieldValue('usu_gerente', lista[0].usu_id);
  }, [lista, aprobadores.isPlaceholderData, form]);

  const initialValues: Campos = caja
    ? {
        mon_id: caja.mon_id, cec_id: caja.cec_id, tca_id: caja.tca_id, caj_titulo: caja.caj_titulo, caj_descripcion: caja.caj_descripcion,
        caj_monto: dosDecimales(caja.caj_monto), usu_gerente: caja.usu_gerente, usu_solicitante: caja.usu_solicitante,
      }
    : {
        // The first currency (soles) and the caller as requester when the list names them.
        mon_id: datos.monedas[0]?.mon_id,
        usu_solicitante: datos.usuarios.some((u) => u.usu_id === usuId) ? usuId : undefined,
        caj_descripcion: '',
      };

  const guardar = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      toast.error(caja ? CAJA_MSG.faltaEditar : CAJA_MSG.faltaRegistrar);
      return;
    }
    const campos = { ...values, caj_monto: dosDecimales(values.caj_monto) };
    form.setFieldValue('caj_monto', campos.caj_monto);
    const onSuccess = (reply: { message: string }) => {
      release();
      void navigate('/caja', { state: conMensaje(reply.message) });
    };
    if (caja) {
      const body = checkForm(CajaEditar, { caja: { ...campos, caj_id: caja.caj_id, caj_version: caja.caj_version } }, form, ['caja']);
      if (body) editar.mutate(body, { onSuccess });
    } else {
      const body = checkForm(CajaRegistrar, { caja: campos }, form, ['caja']);
      if (body) registrar.mutate(body, { onSuccess });
    }
  };

  const personas = (l: { usu_id: number; usu_nombre_completo: string }[]) => l.map((u) => ({ value: u.usu_id, label: u.usu_nombre_completo }));
  const buscable = { showSearch: { optionFilterProp: 'label' }, placeholder: 'Seleccione' } as const;

  return (
    // Narrow enough that Guardar stays clear of the toasts (top right), which would cover it while they show.
    <div style={{ maxWidth: ANCHO }}>
      <PageHeader
        title={caja ? `${TITLE} - Editar ${caja.caj_codigo}` : `${TITLE} - Nueva`}
        extra={
          <Flex gap={8}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(caja ? `/caja/view/${caja.caj_id}` : '/caja')}>
              Regresar
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={guardando} onClick={() => void guardar()}>
              Guardar
            </Button>
          </Flex>
        }
      />
      <Card size="small" title="Datos de la caja">
        <Form<Campos>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={(changed: Partial<Campos>) => {
            setEdited(true);
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Campos, errors: [] })));
          }}
          onFinish={() => void guardar()}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="mon_id" label="Moneda" rules={required}>
                <Select {...buscable} options={datos.monedas.map((m) => ({ value: m.mon_id, label: `${m.mon_descripcion} (${m.mon_simbolo})` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="cec_id" label="Centro de costo" rules={required}>
                <Select {...buscable} options={datos.centros_costo.map((c) => ({ value: c.cec_id, label: `${c.cec_codigo} - ${c.cec_descripcion}` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="tca_id" label="Tipo de caja" rules={required}>
                <Select {...buscable} options={datos.tipos_caja.map((t) => ({ value: t.tca_id, label: t.tca_nombre }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="caj_titulo" label="Título" rules={required}>
                <Input count={limite(150)} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="caj_monto" label="Monto" rules={required}>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  prefix={simbolo}
                  placeholder="0.00"
                  onBlur={(e) => form.setFieldValue('caj_monto', dosDecimales(e.target.value))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="caj_descripcion" label="Descripción">
                <Input.TextArea rows={4} count={limite(400)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="usu_gerente" label="Gerente" rules={required} extra={cecId ? undefined : 'Seleccione primero el centro de costo'}>
                <Select
                  {...buscable}
                  disabled={!cecId}
                  loading={aprobadores.isFetching}
                  notFoundContent={aprobadores.isFetching ? 'Cargando…' : 'No hay aprobadores de caja para este proyecto'}
                  options={aprobadorOpciones(lista ?? [])}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="usu_solicitante" label="Solicitante" rules={required}>
                <Select {...buscable} options={personas(datos.usuarios)} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
    </div>
  );
}
