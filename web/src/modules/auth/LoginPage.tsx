import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@obra/domain';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { afterLoginPath } from '../../base/access';
import { routeMessage } from '../../ui/routeMessage';
import { useLogin, type LoginInput } from './api';
import { OlvidePasswordModal } from './OlvidePasswordModal';

const required = [{ required: true, whitespace: true, message: MSG.required }];

/** Spec 1 §2.3: /login and /login/:email (prefills the user). The session was ended on entry. */
export function LoginPage() {
  const { email } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const [form] = Form.useForm<LoginInput>();
  const [olvido, setOlvido] = useState(false);
  const notice = routeMessage(location);
  // A success carried here (a supplier's account created or confirmed, spec 3 §2), shown as such.
  const state: unknown = location.state;
  const aviso = state && typeof state === 'object' && 'aviso' in state && typeof state.aviso === 'string' ? state.aviso : null;

  const onFinish = (values: LoginInput) =>
    login.mutate(values, { onSuccess: (session) => void navigate(afterLoginPath(location.state, session), { replace: true }) });

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        {/* Plain elements: Typography would add ~20 KB to the first screen's download. */}
        <h1 style={{ margin: '0 0 4px', textAlign: 'center', fontSize: 30, fontWeight: 600 }}>Obra</h1>
        <p style={{ margin: '0 0 24px', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>Ingrese con su correo y contraseña</p>
        {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
        {aviso && <Alert type="success" showIcon title={aviso} style={{ marginBottom: 16 }} />}
        <Form<LoginInput> form={form} layout="vertical" requiredMark={false} initialValues={{ username: email ?? '' }} onFinish={onFinish}>
          <Form.Item label="Usuario" name="username" rules={required}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!email} />
          </Form.Item>
          <Form.Item label="Contraseña" name="password" rules={required}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={!!email} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Ingresar
          </Button>
        </Form>
        <p style={{ margin: '12px 0 0', textAlign: 'center' }}>
          <Button type="link" size="small" onClick={() => setOlvido(true)}>
            ¿Olvidó su contraseña?
          </Button>
        </p>
        <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
          <Link to="/proveedor/crearCuenta">¿Es proveedor? Cree su cuenta</Link>
        </p>
      </Card>
      {olvido && <OlvidePasswordModal usuario={form.getFieldValue('username') ?? ''} onClose={() => setOlvido(false)} />}
    </Flex>
  );
}
