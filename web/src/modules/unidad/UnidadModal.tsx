import { SIMBOLO_MAX, UNIDAD_MAX, UnidadNew } from '@obra/domain';
import { Form, Input } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { useAddUnidad } from './api';

/** Spec 1 §2.8 add popup: símbolo and descripción (sent as `unidad`). */
export function UnidadModal({ onClose }: { onClose: () => void }) {
  const add = useAddUnidad();
  return (
    <FormModal<UnidadNew, UnidadNew>
      title="Nueva Unidad"
      width={460}
      initialValues={{ simbolo: '', unidad: '' }}
      schema={UnidadNew}
      onSave={(unidad) => add.mutateAsync(unidad)}
      onClose={onClose}
    >
      <Form.Item name="simbolo" label="Símbolo" required extra="Abreviatura sin espacios, p. ej. KG, M3, BLS">
        <Input maxLength={SIMBOLO_MAX} autoFocus autoComplete="off" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="unidad" label="Descripción" required>
        <Input maxLength={UNIDAD_MAX} autoComplete="off" placeholder="Kilogramo" />
      </Form.Item>
    </FormModal>
  );
}
