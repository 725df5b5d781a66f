import { SIMBOLO_MAX, UNIDAD_MAX, UnidadNew } from '@obra/domain';
import { Button, Form, Input, Modal } from 'antd';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
import { useAddUnidad } from './api';

/** Spec 1 §2.8 add popup: símbolo and descripción (sent as `unidad`). */
export function UnidadModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<UnidadNew>();
  const add = useAddUnidad();

  const submit = async (values: UnidadNew) => {
    const checked = checkForm(UnidadNew, values, form);
    if (!checked) return;
    // A refused symbol (repeated) was already toasted; the popup stays open to correct it.
    const saved = await add.mutateAsync(checked).catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  return (
    <Modal
      open
      title="Nueva Unidad"
      width={460}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        <Button key="guardar" type="primary" htmlType="submit" form="unidad-form" loading={add.isPending}>
          Guardar
        </Button>,
      ]}
    >
      <Form<UnidadNew>
        id="unidad-form"
        form={form}
        layout="vertical"
        initialValues={{ simbolo: '', unidad: '' }}
        onValuesChange={clearMarksOnChange(form)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="simbolo" label="Símbolo" required extra="Abreviatura sin espacios, p. ej. KG, M3, BLS">
          <Input maxLength={SIMBOLO_MAX} autoFocus autoComplete="off" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="unidad" label="Descripción" required>
          <Input maxLength={UNIDAD_MAX} autoComplete="off" placeholder="Kilogramo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
