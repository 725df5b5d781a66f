import { EmpleadoModificar, EmpleadoRegistrar, type Empleado } from '@obra/domain';
import { Form } from 'antd';
import { useLookups } from '../../base/lookups';
import { FormModal } from '../../ui/FormModal';
import { useEmpleado, useModificarEmpleado, useRegistrarEmpleado } from './api';
import { EmpleadoFields, type EmpleadoFormValues, type EmpleadoGrants } from './EmpleadoFields';

const USER_PART = { genera_usuario: false, usu_correo: '', usu_password: '', usu_nivel: 0, lista_usuario_rol: [] };

function newValues(pryId: number | null): EmpleadoFormValues {
  return {
    emp_nombre: '', emp_apellido: '', emp_dni: '', emp_celular: '', emp_email: '', pue_id: null, pry_id: pryId, est_id: 1, ...USER_PART,
  };
}

function formValues(e: Empleado): EmpleadoFormValues {
  return {
    emp_id: e.emp_id, emp_version: e.emp_version, emp_nombre: e.emp_nombre, emp_apellido: e.emp_apellido, emp_dni: e.emp_dni,
    emp_celular: e.emp_celular, emp_email: e.emp_email, pue_id: e.pue_id, pry_id: e.pry_id, est_id: e.est_id, ...USER_PART,
  };
}

/** The `empleado` payload; each schema keeps the fields it knows (no DNI on modify). */
function payload(v: EmpleadoFormValues) {
  return { empleado: { ...v, lista_usuario_rol: v.lista_usuario_rol.map((rol_id) => ({ rol_id })) } };
}

type Payload = EmpleadoRegistrar | EmpleadoModificar;

interface EmpleadoModalProps {
  /** null: a new employee. */
  empId: number | null;
  grants: EmpleadoGrants;
  /** The project a new employee goes to by default (a project user's own). */
  defaultPryId: number | null;
  onClose: () => void;
}

/** Register / modify employee popup (spec 2 "Employees screen", §5). */
export function EmpleadoModal({ empId, grants, defaultPryId, onClose }: EmpleadoModalProps) {
  const isNew = empId === null;
  const [form] = Form.useForm<EmpleadoFormValues>();
  const lookups = useLookups('roles', 'proyectos');
  const empleado = useEmpleado(empId);
  const registrar = useRegistrarEmpleado();
  const modificar = useModificarEmpleado();

  const initial = isNew ? newValues(defaultPryId) : empleado.data && formValues(empleado.data);

  const save = ({ empleado: e }: Payload) => ('emp_id' in e ? modificar.mutateAsync({ empleado: e }) : registrar.mutateAsync({ empleado: e }));

  const onValuesChange = (changed: Partial<EmpleadoFormValues>) => {
    // The login usually is the employee's own e-mail.
    if (changed.genera_usuario && !form.getFieldValue('usu_correo')) form.setFieldValue('usu_correo', form.getFieldValue('emp_email'));
  };

  return (
    <FormModal<EmpleadoFormValues, Payload>
      title={isNew ? 'Registrar Empleado' : grants.readOnly ? 'Empleado' : 'Modificar Empleado'}
      width={800}
      form={form}
      initialValues={lookups.data ? initial : undefined}
      schema={isNew ? EmpleadoRegistrar : EmpleadoModificar}
      toPayload={payload}
      at={['empleado']}
      onSave={save}
      readOnly={grants.readOnly}
      onValuesChange={onValuesChange}
      loadError={empleado.isError ? empleado.error.message : undefined}
      onClose={onClose}
    >
      {lookups.data && <EmpleadoFields isNew={isNew} lookups={lookups.data} grants={grants} empleado={empleado.data} />}
    </FormModal>
  );
}
