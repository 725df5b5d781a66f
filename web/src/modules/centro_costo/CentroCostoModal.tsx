import { CentroCostoSave, type CentroCostoRow } from '@obra/domain';
import { Checkbox, Form, Input, Select } from 'antd';
import { useLookups } from '../../base/lookups';
import { FormModal } from '../../ui/FormModal';
import { useSaveCentroCosto } from './api';
import { limite } from '../../ui/inputs';

interface FormValues {
  id_centro_costo?: number;
  version?: number;
  codigo: string;
  descripcion: string;
  pry_id: number | null;
  es_activo: boolean;
}

interface CentroCostoModalProps {
  /** null: a new cost centre. */
  row: CentroCostoRow | null;
  onClose: () => void;
}

/** Spec 1 §2.6 popup: Código, Descripción, Proyecto, Estado; Cerrar and Guardar. */
export function CentroCostoModal({ row, onClose }: CentroCostoModalProps) {
  const [form] = Form.useForm<FormValues>();
  const lookups = useLookups('proyectos');
  const save = useSaveCentroCosto();
  const activo = Form.useWatch('es_activo', form);

  const proyectos = lookups.data?.proyectos ?? [];
  const options = proyectos.map((p) => ({ value: p.pry_id, label: p.pry_nombre }));
  // A cost centre of a project closed since keeps showing its project's name.
  if (row && !proyectos.some((p) => p.pry_id === row.pry_id)) options.push({ value: row.pry_id, label: row.pry_nombre });

  const initial: FormValues = row
    ? { id_centro_costo: row.id_centro_costo, version: row.version, codigo: row.codigo, descripcion: row.descripcion, pry_id: row.pry_id, es_activo: row.es_activo === 1 }
    : { codigo: '', descripcion: '', pry_id: null, es_activo: true };
  // A user limited to one project creates cost centres of that project only.
  if (!row && proyectos.length === 1) initial.pry_id = proyectos[0].pry_id;

  return (
    <FormModal<FormValues, CentroCostoSave>
      title={row ? 'Modificar Centro de Costo' : 'Nuevo Centro de Costo'}
      form={form}
      initialValues={lookups.data ? initial : undefined}
      schema={CentroCostoSave}
      toPayload={(v) => ({ ...v, pry_id: v.pry_id ?? undefined })}
      onSave={(centro) => save.mutateAsync(centro)}
      onClose={onClose}
    >
      <Form.Item name="codigo" label="Código" required>
        <Input maxLength={20} autoFocus autoComplete="off" placeholder="CC-PL-01" />
      </Form.Item>
      <Form.Item name="descripcion" label="Descripción" required>
        <Input count={limite(200)} autoComplete="off" />
      </Form.Item>
      <Form.Item name="pry_id" label="Proyecto" required>
        <Select
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Seleccione un proyecto"
          notFoundContent="No hay proyectos activos"
        />
      </Form.Item>
      <Form.Item name="es_activo" label="Estado" valuePropName="checked">
        <Checkbox>{activo === false ? 'INACTIVO' : 'ACTIVO'}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
