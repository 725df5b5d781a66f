import { isReadOnly, type OptionCode } from '@obra/domain';
import { sessionRoleIds, useSession } from '../../app/session';

const REGISTRAR: OptionCode = 'registrar_producto';

/**
 * Whether the write buttons show: the option `registrar_producto` among the session's option
 * codes (spec 3 §6), and not VISUALIZADOR. The server checks the same on every call.
 */
export function useCanRegistrar(): boolean {
  const session = useSession();
  if (!session) return false;
  const opciones = session.opciones.split(',').map((s) => s.trim());
  return opciones.includes(REGISTRAR) && !isReadOnly({ roleIds: sessionRoleIds(session) });
}
