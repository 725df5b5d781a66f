import { MODULE_GROUPS, MODULES, OPTIONS, ROLE, RolModificar, RolRegistrar, rolEtiqueta, type Rol } from '@obra/domain';
import { Alert, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { FormModal, modoProps } from '../../ui/FormModal';
import { limite } from '../../ui/inputs';
import { useModificarRol, useRegistrarRol, useRol } from './api';

export type RolModo = 'registrar' | 'ver' | 'modificar';

const TITLES: Record<RolModo, string> = { registrar: 'Registrar Rol', ver: 'Ver Rol', modificar: 'Modificar Rol' };

/** What a role grants, as the popup edits it. */
export interface Permisos {
  modulos: string[];
  opciones: string[];
}

interface FormValues {
  rol_id?: number;
  rol_version?: number;
  rol_nombre: string;
  rol_descripcion: string;
  rol_estado: 0 | 1;
  rol_requiere_segundo_factor: boolean;
  permisos: Permisos;
}

const NUEVO: FormValues = { rol_nombre: '', rol_descripcion: '', rol_estado: 1, rol_requiere_segundo_factor: false, permisos: { modulos: [], opciones: [] } };

const formValues = (r: Rol): FormValues => ({
  rol_id: r.rol_id, rol_version: r.rol_version, rol_nombre: r.rol_nombre, rol_descripcion: r.rol_descripcion ?? '',
  rol_estado: r.rol_estado === 1 ? 1 : 0, rol_requiere_segundo_factor: r.rol_requiere_segundo_factor,
  permisos: { modulos: r.modulos_codigos, opciones: r.opciones_codigos },
});

/** The staff modules a role may grant, by menu group (the supplier portal and Inicio are nobody's to give). */
const GRUPOS = MODULE_GROUPS.filter((g) => g.mgp_id !== 8 && g.mgp_id !== 9).map((g) => ({
  ...g,
  modulos: MODULES.filter((m) => m.mgp_id === g.mgp_id).map((m) => ({
    ...m, opciones: OPTIONS.filter((o) => o.mod_codigo === m.mod_codigo),
  })),
})).filter((g) => g.modulos.length > 0);

interface PermisosFieldProps {
  value?: Permisos;
  onChange?: (p: Permisos) => void;
  disabled?: boolean;
}

/**
 * The modules a role opens, by menu group, each with its options below it: an option needs its module, so
 * unticking a module unticks its options and an option of an unticked module cannot be ticked.
 */
function PermisosField({ value = { modulos: [], opciones: [] }, onChange, disabled }: PermisosFieldProps) {
  const toggleModulo = (codigo: string, on: boolean) => {
    const modulos = on ? [...value.modulos, codigo] : value.modulos.filter((m) => m !== codigo);
    const suyas = OPTIONS.filter((o) => o.mod_codigo === codigo).map((o) => o.opc_codigo as string);
    onChange?.({ modulos, opciones: on ? value.opciones : value.opciones.filter((o) => !suyas.includes(o)) });
  };
  const toggleOpcion = (codigo: string, on: boolean) =>
    onChange?.({ ...value, opciones: on ? [...value.opciones, codigo] : value.opciones.filter((o) => o !== codigo) });
  return (
    <Row gutter={[12, 12]}>
      {GRUPOS.map((g) => (
        <Col key={g.mgp_id} xs={24} md={12} lg={8}>
          <Card size="small" title={g.mgp_nombre} styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}>
            <Flex vertical gap={4}>
              {g.modulos.map((m) => {
                const on = value.modulos.includes(m.mod_codigo);
                return (
                  <div key={m.mod_codigo}>
                    <Checkbox checked={on} disabled={disabled} onChange={(e) => toggleModulo(m.mod_codigo, e.target.checked)}>
                      {m.mod_nombre}
                    </Checkbox>
                    {m.opciones.length > 0 && (
                      <Flex vertical gap={2} style={{ paddingLeft: 24 }}>
                        {m.opciones.map((o) => (
                          <Checkbox key={o.opc_codigo} checked={value.opciones.includes(o.opc_codigo)} disabled={disabled || !on}
                            onChange={(e) => toggleOpcion(o.opc_codigo, e.target.checked)}>
                            <Typography.Text type={on ? undefined : 'secondary'} style={{ fontSize: 13 }}>{o.opc_nombre}</Typography.Text>
                          </Checkbox>
                        ))}
                      </Flex>
                    )}
                  </div>
                );
              })}
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

type Payload = RolRegistrar | RolModificar;

interface RolModalProps {
  modo: RolModo;
  rolId: number | null;
  onClose: () => void;
}

/**
 * Registrar, Ver and Modificar Rol (issue 26): name, description, state, whether its users must sign in with a
 * second factor, and the modules and options it grants. A built-in role keeps its name; SUPER only changes its
 * second-factor setting (it has every module by rule); the server enforces the same.
 */
export function RolModal({ modo, rolId, onClose }: RolModalProps) {
  const [form] = Form.useForm<FormValues>();
  const rol = useRol(modo === 'registrar' ? null : rolId);
  const registrar = useRegistrarRol();
  const modificar = useModificarRol();
  const initial = modo === 'registrar' ? NUEVO : rol.data && formValues(rol.data);
  const esSuper = rol.data?.rol_id === ROLE.SUPER;
  const sistema = rol.data?.rol_sistema ?? false;

  const toPayload = ({ permisos, rol_id, rol_version, rol_estado, ...v }: FormValues) => {
    const campos = { ...v, rol_descripcion: v.rol_descripcion.trim() || null, modulos: permisos.modulos, opciones: permisos.opciones };
    return { rol: modo === 'modificar' ? { ...campos, rol_id, rol_version, rol_estado } : campos };
  };
  const save = (p: Payload) =>
    'rol_id' in p.rol ? modificar.mutateAsync(p as RolModificar) : registrar.mutateAsync(p as RolRegistrar);

  const notice = esSuper ? (
    <Alert type="info" showIcon style={{ marginBottom: 16 }}
      message="SUPER tiene todos los módulos y opciones por regla; solo se puede decidir si exige segundo factor." />
  ) : sistema && modo === 'modificar' ? (
    <Alert type="info" showIcon style={{ marginBottom: 16 }}
      message="Es un rol del sistema: su nombre no cambia. Sus módulos y opciones, una vez modificados aquí, ya no se restablecen al actualizar el sistema." />
  ) : undefined;

  return (
    <FormModal<FormValues, Payload>
      title={rol.data && modo !== 'registrar' ? `${TITLES[modo]}: ${rolEtiqueta(rol.data.rol_nombre)}` : TITLES[modo]}
      width={1040}
      form={form}
      initialValues={initial}
      schema={modo === 'modificar' ? RolModificar : RolRegistrar}
      toPayload={toPayload}
      at={['rol']}
      onSave={save}
      {...modoProps(modo)}
      notice={notice}
      loadError={rol.isError ? rol.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={7}>
          <Form.Item label="Nombre" name="rol_nombre" required={modo !== 'ver'}>
            <Input count={limite(40)} autoFocus={modo === 'registrar'} autoComplete="off" disabled={sistema} />
          </Form.Item>
        </Col>
        <Col xs={24} md={modo === 'registrar' ? 12 : 9}>
          <Form.Item label="Descripción" name="rol_descripcion">
            <Input count={limite(200)} autoComplete="off" disabled={esSuper} placeholder={modo === 'ver' ? undefined : 'Qué hace quien tiene este rol'} />
          </Form.Item>
        </Col>
        {modo !== 'registrar' && (
          <Col xs={12} md={4}>
            <Form.Item label="Estado" name="rol_estado">
              <Select disabled={esSuper} options={[{ value: 1, label: 'Activo' }, { value: 0, label: 'Inactivo' }]} />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} md={modo === 'registrar' ? 5 : 4}>
          <Form.Item label="Segundo factor" name="rol_requiere_segundo_factor" valuePropName="checked" tooltip="Sus usuarios deben ingresar con un código de su teléfono (Seguridad)">
            <Switch checkedChildren="Exigido" unCheckedChildren="Opcional" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>Módulos y opciones</Typography.Text>
      <div style={{ maxHeight: 360, overflowY: 'auto', marginTop: 8, paddingRight: 4 }}>
        <Form.Item name="permisos" noStyle>
          <PermisosField disabled={esSuper} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
