import { UsuarioModificar, UsuarioRegistrar, type Usuario } from '@obra/domain';
import { Form } from 'antd';
import { useState } from 'react';
import { useLookups } from '../../base/lookups';
import { FormModal } from '../../ui/FormModal';
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
  /** Shows the user without letting it be changed (VISUALIZADOR, supplier accounts). */
  readOnly: boolean;
  onClose: () => void;
}

type Payload = UsuarioRegistrar | UsuarioModificar;

/** New / modify / view user popup (spec 1 §5): saves, then uploads the chosen signature. */
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

  const save = async ({ usuario: u }: Payload) => {
    const saved = await ('usu_id' in u ? modificar.mutateAsync({ usuario: u }) : registrar.mutateAsync({ usuario: u }));
    const file = form.getFieldValue('firma') as File | null;
    if (file) {
      setProgress(0);
      // The user is saved either way; a refused signature is toasted and can be sent again later.
      await adjuntar.mutateAsync({ usu_id: saved.data.usu_id, firma: file, onProgress: setProgress }).catch(() => null);
    }
    return saved;
  };

  return (
    <FormModal<UsuarioFormValues, Payload>
      title={isNew ? 'Nuevo Usuario' : readOnly ? 'Usuario' : 'Modificar Usuario'}
      width={800}
      form={form}
      initialValues={lookups.data ? initial : undefined}
      schema={isNew ? UsuarioRegistrar : UsuarioModificar}
      toPayload={payload}
      at={['usuario']}
      onSave={save}
      readOnly={readOnly}
      loadError={usuario.isError ? usuario.error.message : undefined}
      onClose={onClose}
    >
      {lookups.data && (
        <UsuarioFields
          isNew={isNew}
          readOnly={readOnly}
          lookups={lookups.data}
          firmaUrl={firma.data ?? undefined}
          firmaProgress={progress}
        />
      )}
    </FormModal>
  );
}
