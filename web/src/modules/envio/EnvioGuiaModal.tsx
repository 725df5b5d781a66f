import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  CONDUCTOR_TIPOS_DOCUMENTO, ConductorRegistrar, ENVIO_MSG, EnvioGuia, GUIA_UNIDADES_PESO, documentoConductorValido, licenciaValida, type ConductorFila,
} from '@obra/domain';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { checkForm } from '../../ui/checkForm';
import { toast } from '../../base/toast';
import { useConductores, useEnvio, useGenerarGuia, useRegistrarConductor } from './api';
import { limite } from '../../ui/inputs';

export const PREGUNTA_GUIA = '¿Desea continuar con la generación de la guía de remisión remitente?';

const TIPOS_DOCUMENTO = Object.entries(CONDUCTOR_TIPOS_DOCUMENTO).map(([value, label]) => ({ value, label }));
const UNIDADES = Object.entries(GUIA_UNIDADES_PESO).map(([value, label]) => ({ value, label }));

interface NuevoConductor {
  cdt_nombre: string;
  cdt_apellido: string;
  cdt_placa: string;
  cdt_tipo_documento: string;
  cdt_numero_documento: string;
  cdt_licencia: string;
}

interface Peso { ngu_peso_bruto: string; ngu_unidad_peso: string }

/** '19200.000' → '19200': the weight as a person writes it. */
const sinCeros = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t);

const nombre = (c: ConductorFila) => c.cdt_nombre_completo || `${c.cdt_nombre} ${c.cdt_apellido}`;

/** What the guide needs of the driver that is missing (SUNAT asks for the document and the licence), or null. */
export function faltaConductor(c: ConductorFila): string | null {
  if (!c.cdt_numero_documento) return `Falta el documento de identidad del conductor ${nombre(c)}: regístrelo en Conductores`;
  if (!documentoConductorValido(c.cdt_tipo_documento, c.cdt_numero_documento)) return `El documento del conductor ${nombre(c)} no es válido: corríjalo en Conductores`;
  if (!c.cdt_licencia) return `Falta la licencia de conducir del conductor ${nombre(c)}: regístrela en Conductores`;
  if (!licenciaValida(c.cdt_licencia)) return `La licencia de conducir del conductor ${nombre(c)} no es válida: corríjala en Conductores`;
  return null;
}

function Documento({ c }: { c: ConductorFila }) {
  const falta = faltaConductor(c);
  const doc = c.cdt_numero_documento ? `${CONDUCTOR_TIPOS_DOCUMENTO[c.cdt_tipo_documento as keyof typeof CONDUCTOR_TIPOS_DOCUMENTO] ?? 'Doc.'} ${c.cdt_numero_documento}` : 'sin documento';
  return (
    <Typography.Text type={falta ? 'danger' : 'secondary'}>
      {` · Licencia ${c.cdt_licencia || '(sin licencia)'} · ${doc}`}
    </Typography.Text>
  );
}

/**
 * The guide popup (600 px; spec 3 §2, §4; issue 23): the driver found by a quick search (empty text:
 * 'Debe ingresar alguna referencia del conductor') or registered right here with document and
 * licence, the gross weight prefilled from the product's weight per unit (editable, kg or t), a
 * warning when the truck already left, then the sender guide is generated after the question.
 */
export function EnvioGuiaModal({ envId, codigo, onClose }: { envId: number; codigo: string; onClose: () => void }) {
  const { modal } = App.useApp();
  const envio = useEnvio(envId);
  const e = envio.data;
  const [texto, setTexto] = useState('');
  const [busqueda, setBusqueda] = useState<string | null>(null);
  const [elegido, setElegido] = useState<ConductorFila | null>(null);
  const [nuevo, setNuevo] = useState(false);
  const [form] = Form.useForm<NuevoConductor>();
  const [peso] = Form.useForm<Peso>();
  const conductores = useConductores(busqueda, true);
  const registrar = useRegistrarConductor();
  const generar = useGenerarGuia();
  const sugerido = e?.peso_bruto_sugerido ?? null;

  useEffect(() => {
    if (sugerido) peso.setFieldsValue({ ngu_peso_bruto: sinCeros(sugerido), ngu_unidad_peso: 'KGM' });
  }, [sugerido, peso]);

  const buscar = () => {
    const t = texto.trim();
    if (!t) return toast.error(ENVIO_MSG.conductorReferencia);
    setBusqueda(t);
  };

  const registrarNuevo = async () => {
    const payload = checkForm(ConductorRegistrar, { conductor: form.getFieldsValue(true) }, form, ['conductor']);
    if (!payload) return;
    try {
      const r = await registrar.mutateAsync(payload as ConductorRegistrar);
      toast.success(r.message);
      setElegido(r.data);
      setNuevo(false);
      form.resetFields();
    } catch {
      // The server's reason was toasted; the values stay.
    }
  };

  const confirmar = () => {
    if (!elegido) return toast.error('Seleccione el conductor');
    const falta = faltaConductor(elegido);
    if (falta) return toast.error(falta);
    const v = peso.getFieldsValue(true) as Peso;
    const envioGuia = { env_id: envId, cdt_id: elegido.cdt_id, ngu_peso_bruto: v.ngu_peso_bruto?.trim() || null, ngu_unidad_peso: v.ngu_unidad_peso || 'KGM' };
    if (!envioGuia.ngu_peso_bruto && !sugerido) return toast.error(ENVIO_MSG.pesoDesconocido(e?.ovd_producto ?? ''));
    if (!checkForm(EnvioGuia, { envio: envioGuia }, peso, ['envio'])) return;
    modal.confirm({
      title: PREGUNTA_GUIA, okText: 'Generar', cancelText: 'No', autoFocusButton: 'cancel',
      content: e?.guia_tardia ? ENVIO_MSG.guiaTardia(e.est_nombre) : undefined,
      onOk: () => generar.mutateAsync(envioGuia).then((r) => { toast.success(r.message); onClose(); }, () => undefined),
    });
  };

  const lista = [...(elegido && !conductores.data?.some((c) => c.cdt_id === elegido.cdt_id) ? [elegido] : []), ...(conductores.data ?? [])];

  return (
    <Modal open title={`Generar guía de remisión remitente · ${codigo}`} width={600} onCancel={onClose} maskClosable={false}
      footer={[
        <Button key="cerrar" onClick={onClose}>Cerrar</Button>,
        <Button key="generar" type="primary" disabled={!elegido || !e} loading={generar.isPending} onClick={confirmar}>Generar guía</Button>,
      ]}>
      {!e ? (
        envio.isError ? <Alert type="error" title={envio.error.message} /> : <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          {e.guia_tardia && <Alert type="warning" showIcon title={ENVIO_MSG.guiaTardia(e.est_nombre)} />}
          <Form<Peso> form={peso} layout="vertical" initialValues={{ ngu_peso_bruto: '', ngu_unidad_peso: 'KGM' }}>
            <Flex gap={8} align="start" wrap>
              <Form.Item label="Peso bruto total" name="ngu_peso_bruto" required style={{ marginBottom: 0 }}
                extra={sugerido ? `Cantidad × peso por unidad del producto: ${sinCeros(sugerido)} kg` : 'El producto no tiene peso por unidad: ingréselo'}>
                <Input inputMode="decimal" maxLength={16} style={{ width: 180 }} aria-label="Peso bruto total" />
              </Form.Item>
              <Form.Item label="Unidad" name="ngu_unidad_peso" style={{ marginBottom: 0 }}>
                <Select options={UNIDADES} style={{ width: 170 }} aria-label="Unidad del peso" />
              </Form.Item>
            </Flex>
          </Form>
          <Space.Compact style={{ width: '100%' }}>
            <Input aria-label="Buscar conductor" placeholder="Nombre, apellido, licencia o DNI del conductor" value={texto} maxLength={100}
              onChange={(ev) => setTexto(ev.target.value)} onPressEnter={buscar} />
            <Button icon={<SearchOutlined />} loading={conductores.isFetching} onClick={buscar}>Buscar</Button>
            <Button icon={<PlusOutlined />} onClick={() => setNuevo(!nuevo)}>Nuevo conductor</Button>
          </Space.Compact>
          {nuevo && (
            <Form<NuevoConductor> form={form} layout="vertical"
              initialValues={{ cdt_nombre: '', cdt_apellido: '', cdt_placa: '', cdt_tipo_documento: '1', cdt_numero_documento: '', cdt_licencia: '' }}
              style={{ border: '1px solid #f0f0f0', padding: 12, borderRadius: 6 }}>
              <Flex gap={8} align="end" wrap>
                <Form.Item label="Nombre" name="cdt_nombre" required style={{ marginBottom: 0 }}><Input count={limite(100)} style={{ width: 150 }} /></Form.Item>
                <Form.Item label="Apellido" name="cdt_apellido" required style={{ marginBottom: 0 }}><Input count={limite(100)} style={{ width: 150 }} /></Form.Item>
                <Form.Item label="Placa" name="cdt_placa" style={{ marginBottom: 0 }}><Input maxLength={10} style={{ width: 100 }} /></Form.Item>
                <Form.Item label="Tipo de documento" name="cdt_tipo_documento" required style={{ marginBottom: 0 }}>
                  <Select options={TIPOS_DOCUMENTO} style={{ width: 170 }} aria-label="Tipo de documento" />
                </Form.Item>
                <Form.Item label="N° de documento" name="cdt_numero_documento" required style={{ marginBottom: 0 }}><Input maxLength={15} style={{ width: 130 }} /></Form.Item>
                <Form.Item label="Licencia" name="cdt_licencia" required style={{ marginBottom: 0 }}><Input maxLength={12} style={{ width: 120 }} /></Form.Item>
                <Button type="primary" loading={registrar.isPending} onClick={() => void registrarNuevo()}>Registrar</Button>
              </Flex>
            </Form>
          )}
          {lista.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={busqueda === null ? 'Busque al conductor' : 'No se encontraron conductores'} />
          ) : (
            <Radio.Group aria-label="Conductores" value={elegido?.cdt_id} onChange={(ev) => setElegido(lista.find((c) => c.cdt_id === ev.target.value) ?? null)}>
              <Flex vertical gap={4}>
                {lista.map((c) => (
                  <Radio key={c.cdt_id} value={c.cdt_id}>{nombre(c)}<Documento c={c} /></Radio>
                ))}
              </Flex>
            </Radio.Group>
          )}
          {elegido && faltaConductor(elegido) && <Alert type="error" showIcon title={faltaConductor(elegido)} />}
        </Flex>
      )}
    </Modal>
  );
}
