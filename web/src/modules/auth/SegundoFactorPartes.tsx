import type { SegundoFactorAlta } from '@obra/domain';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';

/** The six-digit code field: digits only, the phone's one-time-code autofill. */
export function CampoCodigo({ autoFocus = true }: { autoFocus?: boolean }) {
  return (
    <Form.Item label="Código de verificación" name="codigo" rules={[{ required: true, pattern: /^\d{6}$/, message: 'Ingrese los 6 dígitos que muestra su aplicación' }]}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus={autoFocus} style={{ letterSpacing: 4, fontSize: 18 }} />
    </Form.Item>
  );
}

/**
 * Enrolment (issue 26): the QR to scan with an authenticator app (Google Authenticator, Microsoft Authenticator,
 * FreeOTP…), the secret to type when the camera cannot, and the first code that confirms it.
 */
export function AltaSegundoFactor({ alta, guardando, onCodigo }: { alta: SegundoFactorAlta; guardando: boolean; onCodigo: (codigo: string) => void }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text>1. Escanee este código con su aplicación de autenticación.</Typography.Text>
      <img src={alta.qr} alt="Código QR del segundo factor" width={180} height={180} style={{ alignSelf: 'center' }} />
      <Typography.Text type="secondary">
        ¿No puede escanear? Ingrese esta clave en la aplicación: <Typography.Text code copyable aria-label="Clave del segundo factor">{alta.secreto}</Typography.Text>
      </Typography.Text>
      <Typography.Text>2. Escriba el código que muestra la aplicación.</Typography.Text>
      <Form<{ codigo: string }> layout="vertical" requiredMark={false} onFinish={(v) => onCodigo(v.codigo)}>
        <CampoCodigo autoFocus={false} />
        <Button type="primary" htmlType="submit" block loading={guardando}>
          Activar
        </Button>
      </Form>
    </Flex>
  );
}

/** The ten recovery codes, shown once: copy them, then say they are kept. */
export function CodigosRecuperacion({ codigos, onListo }: { codigos: string[]; onListo: () => void }) {
  const [copiado, setCopiado] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title="Guarde estos códigos de recuperación" description="Cada uno sirve una vez para ingresar si pierde su teléfono. No se volverán a mostrar." />
      <pre aria-label="Códigos de recuperación" style={{ columns: 2, background: '#fafafa', padding: 12, borderRadius: 6, margin: 0, fontSize: 15 }}>
        {codigos.join('\n')}
      </pre>
      <Button onClick={() => void navigator.clipboard?.writeText(codigos.join('\n')).then(() => setCopiado(true))}>
        {copiado ? 'Copiados' : 'Copiar los códigos'}
      </Button>
      <Button type="primary" onClick={onListo}>
        Ya los guardé
      </Button>
    </Flex>
  );
}
