import { PASSWORD_RULE, type Empleado } from '@obra/domain';
import { Alert, Col, Form, Input, Row, Select, Switch } from 'antd';
import { projectOptions, type Lookups } from '../../base/lookups';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { NIVEL_OPTIONS, staffRoleOptions } from '../usuario/niveles';
import { PuestoSelect } from './PuestoSelect';
import { limite } from '../../ui/inputs';

export type EmpleadoLookups = Lookups<'roles' | 'proyectos'>;

/** The form's values: the `empleado` payload with the roles as ids. */
export interface EmpleadoFormValues {
  emp_id?: number;
  emp_version?: number;
  emp_nombre: string;
  emp_apellido: string;
  emp_dni: string;
  emp_celular: string;
  emp_email: string;
  pue_id: number | null;
  pry_id: number | null;
  est_id: number;
  genera_usuario: boolean;
  usu_correo: string;
  usu_password: string;
  usu_nivel: number;
  lista_usuario_rol: number[];
}

/** What the signed-in user may do in the form. */
export interface EmpleadoGrants {
  readOnly: boolean;
  /** Holds the users module: may generate the employee's user (docs/business-rules.md). */
  createsUsers: boolean;
  corporate: boolean;
  grantsSuper: boolean;
}

interface EmpleadoFieldsProps {
  isNew: boolean;
  lookups: EmpleadoLookups;
  grants: EmpleadoGrants;
  /** The employee being modified. */
  empleado?: Empleado;
}

/**
 * Fields of the register / modify popups. Required marks only: the domain schema checks on save
 * and answers the spec's messages (spec 2 §5).
 */
export function EmpleadoFields({ isNew, lookups, grants, empleado }: EmpleadoFieldsProps) {
  const generaUsuario = Form.useWatch<boolean>('genera_usuario');
  const proyectos = projectOptions(lookups.proyectos);
  // The employee's project is shown even when it is no longer active.
  if (empleado?.pry_id && !proyectos.some((p) => p.value === empleado.pry_id)) {
    proyectos.push({ value: empleado.pry_id, label: empleado.pry_nombre ?? String(empleado.pry_id) });
  }
  const roles = staffRoleOptions(lookups.roles, grants.grantsSuper);
  const niveles = grants.corporate ? NIVEL_OPTIONS : NIVEL_OPTIONS.filter((n) => n.value !== 1);
  const hasUser = empleado?.usu_id != null;

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Nombres" name="emp_nombre" required>
          <Input count={limite(100)} autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Apellidos" name="emp_apellido" required>
          <Input count={limite(100)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="DNI" name="emp_dni" required={isNew} extra={isNew ? '8 dígitos; carné de extranjería: 9 a 12 caracteres' : undefined}>
          <Input maxLength={12} disabled={!isNew} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Celular" name="emp_celular">
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Correo" name="emp_email" required={!isNew}>
          <Input count={limite(150)} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Puesto" name="pue_id" required>
          <PuestoSelect canAdd={!grants.readOnly} current={empleado && { pue_id: empleado.pue_id, pue_nombre: empleado.pue_nombre }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Proyecto" name="pry_id" required={!isNew}>
          <Select options={proyectos} allowClear={isNew} showSearch={{ optionFilterProp: 'label' }} placeholder="Seleccione el proyecto" />
        </Form.Item>
      </Col>
      {!isNew && (
        <Col xs={24} md={12}>
          <Form.Item label="Estado" name="est_id">
            <Select options={ACTIVO_OPTIONS} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        {hasUser ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Usuario del sistema: ${empleado.usu_correo ?? ''}`}
            description="Sus roles, nivel, contraseña y estado se administran en la pantalla Usuarios."
          />
        ) : (
          grants.createsUsers && (
            <Form.Item label="Generar usuario" name="genera_usuario" valuePropName="checked">
              <Switch checkedChildren="SÍ" unCheckedChildren="NO" />
            </Form.Item>
          )
        )}
      </Col>
      {generaUsuario && !hasUser && (
        <>
          <Col xs={24} md={12}>
            <Form.Item label="Usuario (correo)" name="usu_correo" required extra="Con este correo ingresa al sistema">
              <Input count={limite(150)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Contraseña" name="usu_password" required extra={PASSWORD_RULE}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Nivel" name="usu_nivel" required>
              <Select options={niveles} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Roles" name="lista_usuario_rol" required>
              <Select mode="multiple" options={roles} showSearch={{ optionFilterProp: 'label' }} placeholder="Seleccione los roles" />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
