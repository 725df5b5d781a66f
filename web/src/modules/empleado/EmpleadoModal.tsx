import { EmpleadoModificar, EmpleadoRegistrar, type Empleado } from '@obra/domain';
import { Button, Form, Modal, Skeleton } from 'antd';
import { useLookups } from '../../app/lookups';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
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

interface EmpleadoModalProps {
  /** null: a new employee. */
  empId: number | null;
  grants: EmpleadoGrants;
  /** The project a new employee goes to by default (a project user's own). */
  defaultPryId: number | null;
  onClose: () => void;
}

/** Register / modify employee popup (spec 2 "Employees screen", §5). Escape closes it. */
export function EmpleadoModal({ empId, grants, defaultPryId, onClose }: EmpleadoModalProps) {
  const isNew = empId === null;
  const [form] = Form.useForm<EmpleadoFormValues>();
  const lookups = useLookups('roles', 'proyectos');
  const empleado = useEmpleado(empId);
  const registrar = useRegistrarEmpleado();
  const modificar = useModificarEmpleado();

  const initial = isNew ? newValues(defaultPryId) : empleado.data && formValues(empleado.data);

  const submit = (values: EmpleadoFormValues) => {
    const body = payload(values);
    if (isNew) {
      const checked = checkForm(EmpleadoRegistrar, body, form, ['empleado']);
      return checked && registrar.mutateAsync(body as EmpleadoRegistrar);
    }
    const checked = checkForm(EmpleadoModificar, body, form, ['empleado']);
    return checked && modificar.mutateAsync(body as EmpleadoModificar);
  };

  const save = async () => {
    // `true`: every value, also those without a field (emp_id, emp_version, the hidden user part).
    const values = form.getFieldsValue(true) as EmpleadoFormValues;
    // A refused save was already toasted by the query cache; the popup stays open to correct it.
    const saved = await submit(values)?.catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  const onValuesChange = (changed: Partial<EmpleadoFormValues>) => {
    clearMarksOnChange(form)(changed);
    // The login usually is the employee's own e-mail.
    if (changed.genera_usuario && !form.getFieldValue('usu_correo')) form.setFieldValue('usu_correo', form.getFieldValue('emp_email'));
  };

  return (
    <Modal
      open
      width={800}
      title={isNew ? 'Registrar Empleado' : grants.readOnly ? 'Empleado' : 'Modificar Empleado'}
      onCancel={onClose}
      // The footer's 'Cerrar' and Escape close it.
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        !grants.readOnly && (
          <Button key="guardar" type="primary" htmlType="submit" form="empleado-form" loading={registrar.isPending || modificar.isPending}>
            Guardar
          </Button>
        ),
      ]}
    >
      {initial && lookups.data ? (
        <Form<EmpleadoFormValues>
          id="empleado-form"
          form={form}
          layout="vertical"
          disabled={grants.readOnly}
          initialValues={initial}
          onValuesChange={onValuesChange}
          onFinish={() => void save()}
        >
          <EmpleadoFields isNew={isNew} lookups={lookups.data} grants={grants} empleado={empleado.data} />
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
