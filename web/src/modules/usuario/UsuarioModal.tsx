import { UsuarioModificar, UsuarioRegistrar } from '@obra/domain';
import { Button, Form, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useLookups } from '../../app/lookups';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
import type { Usuario } from '@obra/domain';
import { useAdjuntarFirma, useFirma, useModificarUsuario, useRegistrarUsuario, useUsuario } from './api';
import { UsuarioFields, type UsuarioFormValues } from './UsuarioFields';

const NEW_USER: UsuarioFormValues = {
  usu_nombre: '',
  usu_apellido: '',
  usu_dni: '',
  usu_correo: '',
  usu_password: '',
  usu_nivel: 0,
  lista_usuario_rol: [],
  pry_id: null,
  usu_estado: 1,
  opciones: [],
  firma: null,
};

function formValues(u: Usuario): UsuarioFormValues {
  return {
    usu_id: u.usu_id,
    usu_version: u.usu_version,
    usu_nombre: u.usu_nombre,
    usu_apellido: u.usu_apellido,
    usu_dni: u.usu_dni,
    usu_correo: u.usu_correo,
    usu_password: '',
    usu_nivel: u.usu_nivel,
    lista_usuario_rol: u.lista_usuario_rol.map((r) => r.rol_id),
    pry_id: u.pry_id,
    usu_estado: u.usu_estado,
    opciones: u.opciones,
    firma: null,
  };
}

/** The `usuario` payload; each schema keeps the fields it knows (no DNI on modify). */
function payload(v: UsuarioFormValues) {
  return {
    usuario: {
      usu_id: v.usu_id,
      usu_version: v.usu_version,
      usu_nombre: v.usu_nombre,
      usu_apellido: v.usu_apellido,
      usu_dni: v.usu_dni,
      usu_correo: v.usu_correo,
      usu_password: v.usu_password,
      usu_nivel: v.usu_nivel,
      usu_estado: v.usu_estado,
      pry_id: v.pry_id ?? null,
      lista_usuario_rol: v.lista_usuario_rol.map((rol_id) => ({ rol_id })),
      opciones: v.opciones,
    },
  };
}

interface UsuarioModalProps {
  /** null: a new user. */
  usuId: number | null;
  /** Shows the user without letting it be changed. */
  readOnly: boolean;
  onClose: () => void;
}

/** New / modify user popup (spec 1 §5): saves, then uploads the chosen signature. */
export function UsuarioModal({ usuId, readOnly, onClose }: UsuarioModalProps) {
  const isNew = usuId === null;
  const [form] = Form.useForm<UsuarioFormValues>();
  const lookups = useLookups('roles', 'proyectos', 'opciones');
  const usuario = useUsuario(usuId);
  const firma = useFirma(usuario.data?.tiene_firma ? usuId : null);
  const registrar = useRegistrarUsuario();
  const modificar = useModificarUsuario();
  const adjuntar = useAdjuntarFirma();
  const [progress, setProgress] = useState<number>();

  const initial = isNew ? NEW_USER : usuario.data && formValues(usuario.data);
  const saving = registrar.isPending || modificar.isPending || adjuntar.isPending;

  const submit = (values: UsuarioFormValues) => {
    const body = payload(values);
    if (isNew) {
      const checked = checkForm(UsuarioRegistrar, body, form, ['usuario']);
      return checked && registrar.mutateAsync(checked);
    }
    const checked = checkForm(UsuarioModificar, body, form, ['usuario']);
    return checked && modificar.mutateAsync(checked);
  };

  const save = async () => {
    // `true`: every value, also those without a field (usu_id, usu_version).
    const values = form.getFieldsValue(true) as UsuarioFormValues;
    // A refused save was already toasted by the query cache; the popup stays open to correct it.
    const saved = await submit(values)?.catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    if (values.firma) {
      setProgress(0);
      // The user is saved either way; a refused signature is toasted and can be sent again later.
      await adjuntar.mutateAsync({ usu_id: saved.data.usu_id, firma: values.firma, onProgress: setProgress }).catch(() => null);
    }
    onClose();
  };

  return (
    <Modal
      open
      width={800}
      title={isNew ? 'Nuevo Usuario' : readOnly ? 'Usuario' : 'Modificar Usuario'}
      onCancel={onClose}
      // The footer's 'Cerrar' and Escape close it; no second 'Cerrar' (the corner X) on the popup.
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        !readOnly && (
          <Button key="guardar" type="primary" htmlType="submit" form="usuario-form" loading={saving}>
            Guardar
          </Button>
        ),
      ]}
    >
      {initial && lookups.data ? (
        <Form<UsuarioFormValues>
          id="usuario-form"
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={initial}
          onValuesChange={clearMarksOnChange(form)}
          onFinish={() => void save()}
        >
          <UsuarioFields isNew={isNew} lookups={lookups.data} firmaUrl={firma.data ?? undefined} firmaProgress={progress} />
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
