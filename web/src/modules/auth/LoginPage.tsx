import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@obra/domain';
import type { Session } from '../../base/session';
import { Alert, Button, Card, Checkbox, Flex, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { afterLoginPath } from '../../base/access';
import { routeMessage } from '../../ui/routeMessage';
import { SegundoPasoPendiente } from '../../base/api';
import { saveSession } from '../../base/session';
import { useActivarAlIngresar, useAltaAlIngresar, useLogin, useSegundoPaso, type LoginInput } from './api';
import { AltaSegundoFactor, CampoCodigo, CodigosRecuperacion } from './SegundoFactorPartes';
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

  const entrar = (session: Session) => void navigate(afterLoginPath(location.state, session), { replace: true });
  // A right password may need a second step (issue 26): the code, or the enrolment the user's role demands.
  const [paso, setPaso] = useState<SegundoPasoPendiente | null>(null);
  const onFinish = (values: LoginInput) =>
    login.mutate(values, { onSuccess: entrar, onError: (err) => { if (err instanceof SegundoPasoPendiente) setPaso(err); } });

  if (paso) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
        <Card style={{ width: 420, maxWidth: '100%' }}>
          {paso.tipo === 'codigo'
            ? <SegundoPaso desafio={paso.desafio} onEntrar={entrar} onVolver={() => setPaso(null)} />
            : <EnrolarAlIngresar desafio={paso.desafio} onEntrar={entrar} />}
        </Card>
      </Flex>
    );
  }

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

/** The code of the authenticator app, or a recovery code; 'Recordar este navegador 30 días'. */
function SegundoPaso({ desafio, onEntrar, onVolver }: { desafio: string; onEntrar: (s: Session) => void; onVolver: () => void }) {
  const verificar = useSegundoPaso();
  const [recuperacion, setRecuperacion] = useState(false);
  return (
    <>
      <h1 style={{ margin: '0 0 4px', textAlign: 'center', fontSize: 24, fontWeight: 600 }}>Verificación en dos pasos</h1>
      <p style={{ margin: '0 0 16px', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>
        {recuperacion ? 'Ingrese uno de sus códigos de recuperación' : 'Ingrese el código de 6 dígitos de su aplicación de autenticación'}
      </p>
      <Form<{ codigo?: string; codigo_recuperacion?: string; recordar: boolean }>
        layout="vertical" requiredMark={false} initialValues={{ recordar: false }}
        onFinish={(v) => verificar.mutate({ desafio, recordar: v.recordar, ...(recuperacion ? { codigo_recuperacion: v.codigo_recuperacion } : { codigo: v.codigo }) }, { onSuccess: onEntrar })}
      >
        {recuperacion ? (
          <Form.Item label="Código de recuperación" name="codigo_recuperacion" rules={[{ required: true, message: 'Ingrese un código de recuperación' }]}>
            <Input autoFocus maxLength={11} placeholder="xxxxx-xxxxx" />
          </Form.Item>
        ) : <CampoCodigo />}
        <Form.Item name="recordar" valuePropName="checked">
          <Checkbox>Recordar este navegador 30 días</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verificar.isPending}>
          Verificar
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Button type="link" size="small" onClick={onVolver}>Volver</Button>
        <Button type="link" size="small" onClick={() => setRecuperacion(!recuperacion)}>
          {recuperacion ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </Button>
      </Flex>
    </>
  );
}

/** A role that requires the second factor: enrol now (QR, first code), keep the recovery codes, then enter. */
function EnrolarAlIngresar({ desafio, onEntrar }: { desafio: string; onEntrar: (s: Session) => void }) {
  const alta = useAltaAlIngresar();
  const activar = useActivarAlIngresar();
  // Asked once (React's development double effect would make a second secret).
  const pedido = useRef(false);
  const { mutate } = alta;
  useEffect(() => {
    if (pedido.current) return;
    pedido.current = true;
    mutate(desafio);
  }, [desafio, mutate]);
  const hecho = activar.data;
  return (
    <>
      <h1 style={{ margin: '0 0 12px', textAlign: 'center', fontSize: 22, fontWeight: 600 }}>Configure su segundo factor</h1>
      {hecho ? (
        <CodigosRecuperacion codigos={hecho.codigos_recuperacion} onListo={() => { saveSession(hecho); onEntrar(hecho); }} />
      ) : alta.data ? (
        <>
          <Alert type="info" showIcon title="Su rol exige verificar su identidad con un código además de la contraseña." style={{ marginBottom: 12 }} />
          <AltaSegundoFactor alta={alta.data} guardando={activar.isPending} onCodigo={(codigo) => activar.mutate({ desafio, codigo })} />
        </>
      ) : (
        <p style={{ textAlign: 'center' }}>Preparando el código QR…</p>
      )}
    </>
  );
}
