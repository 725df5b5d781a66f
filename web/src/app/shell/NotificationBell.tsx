import { USER_TYPE } from '@obra/domain';
import { useSession } from '../../base/session';
import { NotificationPanel } from '../../modules/notificacion/NotificationPanel';

/** Issue 25: the header's bell with the unread count (modules/notificacion); staff only, as the calls are. */
export function NotificationBell() {
  const session = useSession();
  if (!session || session.tiu_id === USER_TYPE.PROVEEDOR) return null;
  return <NotificationPanel />;
}
