import { MARCA_MAX, MARCA_MSG, MarcaNew } from '@obra/domain';
import { Button, Form, Input, Modal } from 'antd';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
import { useAddMarca } from './api';

/** Spec 1 §2.7 Agregar: the prompt 'Ingrese Nueva Marca:' (100 characters at most, placeholder Marca). */
export function MarcaPrompt({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<MarcaNew>();
  const add = useAddMarca();

  const submit = async (values: MarcaNew) => {
    const checked = checkForm(MarcaNew, values, form);
    if (!checked) return;
    // A refused name (repeated) was already toasted; the prompt stays open to correct it.
    const saved = await add.mutateAsync(checked).catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  return (
    <Modal
      open
      title="Nueva Marca"
      width={420}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        <Button key="guardar" type="primary" htmlType="submit" form="marca-form" loading={add.isPending}>
          Guardar
        </Button>,
      ]}
    >
      <Form<MarcaNew>
        id="marca-form"
        form={form}
        layout="vertical"
        initialValues={{ marca: '' }}
        onValuesChange={clearMarksOnChange(form)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="marca" label={MARCA_MSG.prompt} required>
          <Input maxLength={MARCA_MAX} showCount placeholder="Marca" autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
