import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_RULE, RestablecerPasswordFormulario } from '@obra/domain';
import { Alert, Button, Card, Flex, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { conAviso } from '../../base/aviso';
import { checkForm } from '../../ui/checkForm';
import { useRestablecerPassword } from './api';

/**
 * Where the reset mail's link lands (/restablecerPassword#<token>, public; issue 26). The token travels after '#', so
 * it never reaches a server log; it is read once and dropped from the address. Saved, the login opens with the
 * account filled in; a used, replaced or expired link says why and offers to ask for another.
 */
export function RestablecerPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => location.hash.replace(/^#/, ''));
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<RestablecerPasswordFormulario>();
  const restablecer = useRestablecerPassword();
  // The token leaves the address bar (and the history) as soon as it is read.
  useEffect(() => {
    if (location.hash) void navigate(location.pathname, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  const guardar = () => {
    const v = checkForm(RestablecerPasswordFormulario, form.getFieldsValue(true), form);
    if (!v) return;
    restablecer.mutate({ token, password: v.password }, {
      onSuccess: (reply) => void navigate(`/login/${encodeURIComponent(reply.data.usu_correo)}`, { replace: true, state: conAviso(reply.message) }),
      // A refused link cannot be retried: say why instead of the form.
      onError: (err) => { if (!/contraseña debe/.test(err.message)) setError(err.message); },
    });
  };

  const sinEnlace = !token;
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        {error || sinEnlace ? (
          <Result
            status="warning"
            title="No se pudo restablecer la contraseña"
            subTitle={error ?? 'Abra el enlace completo que recibió por correo.'}
            extra={<Button type="primary" onClick={() => void navigate('/login')}>Ir al ingreso</Button>}
          />
        ) : (
          <>
            <h1 style={{ margin: '0 0 4px', textAlign: 'center', fontSize: 24, fontWeight: 600 }}>Nueva contraseña</h1>
            <p style={{ margin: '0 0 16px', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>Al guardarla se cerrarán sus otras sesiones.</p>
            <Alert type="info" showIcon title={PASSWORD_RULE} style={{ marginBottom: 16 }} />
            <Form<RestablecerPasswordFormulario> form={form} layout="vertical" requiredMark={false} onFinish={guardar}>
              <Form.Item label="Nueva contraseña" name="password">
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus maxLength={128} />
              </Form.Item>
              <Form.Item label="Confirmar contraseña" name="password_confirmacion">
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={restablecer.isPending}>
                Guardar contraseña
              </Button>
            </Form>
          </>
        )}
      </Card>
    </Flex>
  );
}
