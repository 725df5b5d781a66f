import { isSuper, moduleByCode, MSG, NIVEL_CORPORATIVO, PASSWORD_RULE, rolEtiqueta } from '@obra/domain';
import { Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { projectOptions, type Lookups } from '../../base/lookups';
import { useRoleIds } from '../../base/session';
import { ImageUpload, type ImageRule } from '../../ui/ImageUpload';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { NIVEL_OPTIONS, staffRoleOptions } from './niveles';
import { limite } from '../../ui/inputs';

export type UsuarioLookups = Lookups<'roles' | 'proyectos' | 'opciones'>;

/** The form's values: the `usuario` payload, roles as ids, plus the signature file. */
export interface UsuarioFormValues {
  usu_id?: number;
  usu_version?: number;
  usu_nombre: string;
  usu_apellido: string;
  usu_dni: string;
  usu_correo: string;
  usu_password: string;
  usu_nivel: number;
  lista_usuario_rol: number[];
  pry_id: number | null | undefined;
  usu_estado: number;
  opciones: number[];
  firma: File | null;
}

/** PNG or JPG up to 2 MB, checked before anything is sent (ARCHITECTURE convention 9). */
const FIRMA_RULE: ImageRule = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: 2 * 1024 * 1024,
  typeMessage: MSG.signatureType,
  sizeMessage: MSG.signatureSize,
};

function OpcionesChecklist({ opciones }: { opciones: UsuarioLookups['opciones'] }) {
  const byModule = new Map<string, UsuarioLookups['opciones']>();
  opciones.forEach((o) => byModule.set(o.mod_codigo, [...(byModule.get(o.mod_codigo) ?? []), o]));
  return (
    <Row gutter={[16, 12]}>
      {[...byModule].map(([modulo, items]) => (
        <Col key={modulo} xs={24} sm={12} md={8}>
          <Typography.Text type="secondary">{moduleByCode(modulo)?.mod_nombre ?? modulo}</Typography.Text>
          <Flex vertical gap={4} style={{ marginTop: 4 }}>
            {items.map((o) => (
              <Checkbox key={o.opc_id} value={o.opc_id}>
                {o.opc_nombre}
              </Checkbox>
            ))}
          </Flex>
        </Col>
      ))}
    </Row>
  );
}

interface UsuarioFieldsProps {
  isNew: boolean;
  /** A view shows every role the user has, also PROVEEDOR and SUPER. */
  readOnly: boolean;
  lookups: UsuarioLookups;
  /** The stored signature (modify). */
  firmaUrl?: string;
  /** Signature upload progress in percent, while it is sent. */
  firmaProgress?: number;
}

/**
 * Fields of the new / modify user popup. Required marks only: the domain schema validates on
 * save ('Faltan ingresar datos' once, spec 1 §5; each blank field says what it lacks).
 */
export function UsuarioFields({ isNew, readOnly, lookups, firmaUrl, firmaProgress }: UsuarioFieldsProps) {
  // Only SUPER grants SUPER; PROVEEDOR belongs to supplier accounts, never to staff.
  const grantsSuper = isSuper({ roleIds: useRoleIds() });
  const held = Form.useWatch<number[] | undefined>('lista_usuario_rol') ?? [];
  const roles = readOnly ? lookups.roles.map((r) => ({ value: r.rol_id, label: rolEtiqueta(r.rol_nombre) })) : staffRoleOptions(lookups.roles, grantsSuper, held);
  const proyectos = projectOptions(lookups.proyectos);
  const nivel = Form.useWatch<number | undefined>('usu_nivel');

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Nombres" name="usu_nombre" required>
          <Input count={limite(100)} autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Apellidos" name="usu_apellido" required>
          <Input count={limite(100)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="DNI" name="usu_dni" required={isNew}>
          <Input maxLength={12} disabled={!isNew} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Correo" name="usu_correo" required>
          <Input count={limite(150)} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Contraseña"
          name="usu_password"
          required={isNew}
          extra={isNew ? PASSWORD_RULE : 'Dejar en blanco para no cambiarla'}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Nivel" name="usu_nivel" required>
          <Select options={NIVEL_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Roles" name="lista_usuario_rol" required>
          <Select mode="multiple" options={roles} showSearch={{ optionFilterProp: 'label' }} placeholder="Seleccione los roles" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Proyecto" name="pry_id" required={nivel !== NIVEL_CORPORATIVO} extra={nivel === NIVEL_CORPORATIVO ? 'Corporativo: ve todos los proyectos' : undefined}>
          <Select options={proyectos} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="Seleccione el proyecto" />
        </Form.Item>
      </Col>
      {!isNew && (
        <Col xs={24} md={12}>
          <Form.Item label="Estado" name="usu_estado">
            <Select options={ACTIVO_OPTIONS} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item label="Opciones" name="opciones">
          <Checkbox.Group style={{ width: '100%' }}>
            <OpcionesChecklist opciones={lookups.opciones} />
          </Checkbox.Group>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="Firma" name="firma">
          <ImageUpload rule={FIRMA_RULE} currentUrl={firmaUrl} progress={firmaProgress} alt="Firma del usuario" />
        </Form.Item>
      </Col>
    </Row>
  );
}
