import { MARCA_MAX, MARCA_MSG, MarcaNew } from '@obra/domain';
import { Form, Input } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { useAddMarca } from './api';

/** Spec 1 §2.7 Agregar: the prompt 'Ingrese Nueva Marca:' (100 characters at most, placeholder Marca). */
export function MarcaPrompt({ onClose }: { onClose: () => void }) {
  const add = useAddMarca();
  return (
    <FormModal<MarcaNew, MarcaNew>
      title="Nueva Marca"
      width={420}
      enterGuarda
      initialValues={{ marca: '' }}
      schema={MarcaNew}
      onSave={(marca) => add.mutateAsync(marca)}
      onClose={onClose}
    >
      <Form.Item name="marca" label={MARCA_MSG.prompt} required>
        <Input maxLength={MARCA_MAX} showCount placeholder="Marca" autoFocus autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
