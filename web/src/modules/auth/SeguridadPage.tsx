import type { SegundoFactorAlta } from '@obra/domain';
import { Alert, Button, Card, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../base/toast';
import { PageHeader } from '../../ui/PageHeader';
import { useActivarSegundoFactor, useDesactivarSegundoFactor, useIniciarSegundoFactor, useNuevosCodigos, useSegundoFactor } from './api';
import { AltaSegundoFactor, CodigosRecuperacion } from './SegundoFactorPartes';

/** Asks the password again before turning the factor off or making new recovery codes. */
function pedirPassword(titulo: string, accion: (password: string) => Promise<unknown>) {
  let password = '';
  Modal.confirm({
    title: titulo,
    content: <Input.Password autoFocus aria-label="Contraseña" placeholder="Su contraseña" onChange={(e) => { password = e.target.value; }} />,
    okText: 'Confirmar',
    cancelText: 'Cancelar',
    onOk: () => accion(password),
  });
}

/**
 * 'Seguridad' (user menu; issue 26): the user's second factor. Turning it on shows a QR and asks a first code, then
 * the ten recovery codes once; turning it off (unless the role requires it) and new codes ask the password again.
 */
export function SeguridadPage() {
  const estado = useSegundoFactor();
  const iniciar = useIniciarSegundoFactor();
  const activar = useActivarSegundoFactor();
  const desactivar = useDesactivarSegundoFactor();
  const nuevos = useNuevosCodigos();
  const [alta, setAlta] = useState<SegundoFactorAlta | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const e = estado.data;

  return (
    <>
      <PageHeader title="Seguridad" />
      <Card title="Verificación en dos pasos" style={{ maxWidth: 560 }} loading={!e}>
        {codigos ? (
          <CodigosRecuperacion codigos={codigos} onListo={() => setCodigos(null)} />
        ) : alta ? (
          <AltaSegundoFactor
            alta={alta}
            guardando={activar.isPending}
            onCodigo={(codigo) => activar.mutate(codigo, { onSuccess: (r) => { toast.success(r.message); setAlta(null); setCodigos(r.data.codigos_recuperacion); } })}
          />
        ) : e?.activo ? (
          <Flex vertical gap={12}>
            <div><Tag color="green">Activa</Tag> Al ingresar se le pide el código de su aplicación de autenticación.</div>
            <Typography.Text type="secondary">Códigos de recuperación sin usar: {e.codigos_restantes}</Typography.Text>
            <Flex gap={8}>
              <Button onClick={() => pedirPassword('Generar nuevos códigos de recuperación', async (p) => {
                const r = await nuevos.mutateAsync(p);
                toast.success(r.message);
                setCodigos(r.data.codigos_recuperacion);
              })}>Nuevos códigos de recuperación</Button>
              {!e.requerido && (
                <Button danger onClick={() => pedirPassword('Desactivar la verificación en dos pasos', async (p) => toast.success((await desactivar.mutateAsync(p)).message))}>
                  Desactivar
                </Button>
              )}
            </Flex>
            {e.requerido && <Alert type="info" showIcon title="Su rol exige la verificación en dos pasos." />}
          </Flex>
        ) : (
          <Flex vertical gap={12} align="start">
            <div><Tag>Inactiva</Tag> Proteja su cuenta: además de la contraseña se le pedirá un código de su teléfono.</div>
            <Button type="primary" loading={iniciar.isPending} onClick={() => iniciar.mutate(undefined, { onSuccess: setAlta })}>
              Activar la verificación en dos pasos
            </Button>
          </Flex>
        )}
      </Card>
    </>
  );
}
