import { MSG, OlvidePassword } from '@obra/domain';
import { Form, Input } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { useOlvidePassword } from './api';

/**
 * '¿Olvidó su contraseña?' on the login page (issue 26): the address (prefilled with what was typed as user) gets a
 * link valid 30 minutes. The answer is the same whether the address has an account or not.
 */
export function OlvidePasswordModal({ usuario, onClose }: { usuario: string; onClose: () => void }) {
  const enviar = useOlvidePassword();
  return (
    <FormModal<OlvidePassword, OlvidePassword>
      title="Restablecer contraseña"
      width={440}
      initialValues={{ usu_correo: usuario }}
      schema={OlvidePassword}
      okText="Enviar enlace"
      enterGuarda
      onSave={async (v) => ({ message: (await enviar.mutateAsync(v.usu_correo)).message })}
      onClose={onClose}
      notice={<p style={{ marginTop: 0 }}>Le enviaremos un enlace para elegir una nueva contraseña. Sirve una vez, durante 30 minutos.</p>}
    >
      <Form.Item label="Correo" name="usu_correo" rules={[{ required: true, whitespace: true, message: MSG.required }]}>
        <Input autoComplete="username" autoFocus maxLength={150} />
      </Form.Item>
    </FormModal>
  );
}
