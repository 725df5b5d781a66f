import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ConductorRegistrar, ENVIO_MSG, type ConductorFila } from '@obra/domain';
import { App, Button, Empty, Flex, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { checkForm } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
import { useConductores, useGenerarGuia, useRegistrarConductor } from './api';

export const PREGUNTA_GUIA = '¿Desea continuar con la generación de la guía de remisión remitente?';

interface NuevoConductor {
  cdt_nombre: string;
  cdt_apellido: string;
  cdt_placa: string;
}

/**
 * The guide popup (600 px, spec 3 §2, §4): the driver found by a quick search (empty text: 'Debe
 * ingresar alguna referencia del conductor') or registered right here, then the sender guide is
 * generated after the question.
 */
export function EnvioGuiaModal({ envId, codigo, onClose }: { envId: number; codigo: string; onClose: () => void }) {
  const { modal } = App.useApp();
  const [texto, setTexto] = useState('');
  const [busqueda, setBusqueda] = useState<string | null>(null);
  const [elegido, setElegido] = useState<ConductorFila | null>(null);
  const [nuevo, setNuevo] = useState(false);
  const [form] = Form.useForm<NuevoConductor>();
  const conductores = useConductores(busqueda, true);
  const registrar = useRegistrarConductor();
  const generar = useGenerarGuia();

  const buscar = () => {
    const t = texto.trim();
    if (!t) return toast.error(ENVIO_MSG.conductorReferencia);
    setBusqueda(t);
  };

  const registrarNuevo = async () => {
    const payload = checkForm(ConductorRegistrar, { conductor: form.getFieldsValue(true) }, form, ['conductor']);
    if (!payload) return;
    try {
      const r = await registrar.mutateAsync(payload);
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
    modal.confirm({
      title: PREGUNTA_GUIA, okText: 'Generar', cancelText: 'No', autoFocusButton: 'cancel',
      onOk: () => generar.mutateAsync({ env_id: envId, cdt_id: elegido.cdt_id }).then((r) => { toast.success(r.message); onClose(); }, () => undefined),
    });
  };

  const lista = [...(elegido && !conductores.data?.some((c) => c.cdt_id === elegido.cdt_id) ? [elegido] : []), ...(conductores.data ?? [])];
  const nombre = (c: ConductorFila) => c.cdt_nombre_completo || `${c.cdt_nombre} ${c.cdt_apellido}`;

  return (
    <Modal open title={`Generar guía de remisión remitente · ${codigo}`} width={600} onCancel={onClose} maskClosable={false}
      footer={[
        <Button key="cerrar" onClick={onClose}>Cerrar</Button>,
        <Button key="generar" type="primary" disabled={!elegido} loading={generar.isPending} onClick={confirmar}>Generar guía</Button>,
      ]}>
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Input aria-label="Buscar conductor" placeholder="Nombre, apellido o placa del conductor" value={texto} maxLength={100}
            onChange={(e) => setTexto(e.target.value)} onPressEnter={buscar} />
          <Button icon={<SearchOutlined />} loading={conductores.isFetching} onClick={buscar}>Buscar</Button>
          <Button icon={<PlusOutlined />} onClick={() => setNuevo(!nuevo)}>Nuevo conductor</Button>
        </Space.Compact>
        {nuevo && (
          <Form<NuevoConductor> form={form} layout="vertical" initialValues={{ cdt_nombre: '', cdt_apellido: '', cdt_placa: '' }}
            style={{ border: '1px solid #f0f0f0', padding: 12, borderRadius: 6 }}>
            <Flex gap={8} align="end" wrap>
              <Form.Item label="Nombre" name="cdt_nombre" required style={{ marginBottom: 0 }}><Input maxLength={100} style={{ width: 150 }} /></Form.Item>
              <Form.Item label="Apellido" name="cdt_apellido" required style={{ marginBottom: 0 }}><Input maxLength={100} style={{ width: 150 }} /></Form.Item>
              <Form.Item label="Placa" name="cdt_placa" style={{ marginBottom: 0 }}><Input maxLength={10} style={{ width: 100 }} /></Form.Item>
              <Button type="primary" loading={registrar.isPending} onClick={() => void registrarNuevo()}>Registrar</Button>
            </Flex>
          </Form>
        )}
        {lista.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={busqueda === null ? 'Busque al conductor' : 'No se encontraron conductores'} />
        ) : (
          <Radio.Group aria-label="Conductores" value={elegido?.cdt_id} onChange={(e) => setElegido(lista.find((c) => c.cdt_id === e.target.value) ?? null)}>
            <Flex vertical gap={4}>
              {lista.map((c) => (
                <Radio key={c.cdt_id} value={c.cdt_id}>
                  {nombre(c)} <Typography.Text type="secondary">{c.cdt_placa || ''}</Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
      </Flex>
    </Modal>
  );
}
