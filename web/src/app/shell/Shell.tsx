import { Layout, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSessionRefresh } from '../../modules/auth/api';
import { routeMessage, withoutMessage } from '../../ui/routeMessage';
import { SHELL_TOAST_SECONDS, toast } from '../../base/toast';
import { LeaveGuardHost } from '../../ui/useLeaveGuard';
import { useSession } from '../../base/session';
import { GlobalSearch } from './GlobalSearch';
import { NotificationBell } from './NotificationBell';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

/** A message carried to a screen (the guard's 'No tienes acceso a este módulo') is shown once. */
function useRouteMessageToast() {
  const location = useLocation();
  const navigate = useNavigate();
  const message = routeMessage(location);
  useEffect(() => {
    if (!message) return;
    toast.error(message, SHELL_TOAST_SECONDS);
    void navigate(withoutMessage(location), { replace: true, state: null });
  }, [message, location, navigate]);
}

/** Spec 1 §2.2: top navigation, version label and user menu around every screen behind login. */
export function Shell() {
  const session = useSession();
  useSessionRefresh();
  useRouteMessageToast();
  // No session: the guard around the shell is already redirecting to login.
  if (!session) return null;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LeaveGuardHost />
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 8, paddingInline: 16 }}>
        <Link to="/home" style={{ color: '#fff', fontSize: 20, fontWeight: 600 }}>
          Obra
        </Link>
        <TopMenu groups={session.modulo_grupos} />
        <GlobalSearch />
        <Typography.Text style={{ color: 'rgba(255, 255, 255, 0.65)', whiteSpace: 'nowrap' }}>v{__APP_VERSION__}</Typography.Text>
        <NotificationBell />
        <UserMenu name={session.usu_nombre_completo} />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
