import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import { sessionModules, useSession } from '../../base/session';

/** The chart library is heavy: loaded only when Inicio draws a panel (its own chunk). */
const FigurasPaneles = lazy(() => import('./FigurasPaneles'));

/** The modules whose figures Inicio draws (docs/business-rules.md "Inicio: figuras"). */
const MODULOS_CON_PANEL = ['orden_compra', 'orden_pago', 'orden_venta', 'envio', 'caja'];

/** Issue 25: the figures on Inicio, only the panels of the modules the caller reads. */
export function Figuras() {
  const session = useSession();
  const modulos = session ? sessionModules(session) : [];
  if (!modulos.some((m) => MODULOS_CON_PANEL.includes(m))) return null;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} style={{ marginBottom: 16 }} />}>
      <FigurasPaneles modulos={modulos} />
    </Suspense>
  );
}
