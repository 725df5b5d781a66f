import { PORTAL_MSG } from '@obra/domain';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { conAviso } from '../../base/aviso';
import { confirmarCuenta } from './api';

/**
 * Where the confirmation mail's link lands (/proveedor/confirmarCuenta#<token>, public). The token
 * travels after '#', so it never reaches a server log; the page sends it once, drops it from the
 * address and, confirmed, goes to /login/:email. A refused link (used, replaced, expired) says why.
 */
export function ConfirmarCuentaPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address loses its token right after.
  const [token] = useState(() => location.hash.replace(/^#/, ''));
  const [error, setError] = useState<string | null>(token ? null : PORTAL_MSG.enlaceFalta);
  // React's development double effect would send the token twice; the second would read "ya fue utilizado".
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    void navigate(location.pathname, { replace: true });
    confirmarCuenta(token).then(
      (reply) => void navigate(`/login/${encodeURIComponent(reply.data.usu_correo)}`, { replace: true, state: conAviso(reply.message) }),
      (err: Error) => setError(err.message),
    );
  }, [token, location.pathname, navigate]);

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: 520, maxWidth: '100%' }}>
        {error ? (
          <Result
            status="warning"
            title="No se pudo confirmar la cuenta"
            subTitle={error}
            extra={[
              <Button key="login" type="primary" onClick={() => void navigate('/login')}>Ir al ingreso</Button>,
              <Button key="crear" onClick={() => void navigate('/proveedor/crearCuenta')}>Crear cuenta</Button>,
            ]}
          />
        ) : (
          <Flex vertical align="center" gap={16} style={{ padding: 32 }}>
            <Spin size="large" />
            <span>Confirmando su cuenta…</span>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
