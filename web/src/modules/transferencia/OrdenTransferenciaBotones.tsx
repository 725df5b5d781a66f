import { ImportOutlined, SwapOutlined } from '@ant-design/icons';
import { OPCION_TRANSFERENCIA_ORDEN, ORE_RECEPCIONABLE, TIPO_ORDEN } from '@obra/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { sessionModules, useHasOption, useSession } from '../../base/session';
import { NuevaTransferenciaModal } from './NuevaTransferenciaModal';
import { TransferenciasModal } from './TransferenciasModal';

interface Props {
  orden: { id_orden: number; codigo: string; tipo_orden: number; id_orden_estado: number };
}

/**
 * The purchase-order view's 'Generar Transferencia' and 'Ver Transferencia' (spec 1 §2.10): purchase orders only,
 * for holders of the transfers module. Generar: with option registrar_transferencia_orden_compra, while the order
 * can receive goods (issued, paid, on its import way or partly received). Ver: always (an empty list says so).
 */
export function OrdenTransferenciaBotones({ orden }: Props) {
  const session = useSession();
  const puedeRegistrar = useHasOption(OPCION_TRANSFERENCIA_ORDEN);
  const [popup, setPopup] = useState<'generar' | 'ver' | null>(null);
  if (orden.tipo_orden !== TIPO_ORDEN.COMPRA || !session || !sessionModules(session).includes('transferencia_items')) return null;
  const ref = { ord_id: orden.id_orden, ord_codigo: orden.codigo };
  return (
    <>
      {puedeRegistrar && ORE_RECEPCIONABLE.includes(orden.id_orden_estado) && (
        <Button icon={<ImportOutlined />} onClick={() => setPopup('generar')}>
          Generar Transferencia
        </Button>
      )}
      <Button icon={<SwapOutlined />} onClick={() => setPopup('ver')}>
        Ver Transferencia
      </Button>
      {popup === 'generar' && <NuevaTransferenciaModal tipo={1} orden={ref} onClose={() => setPopup(null)} />}
      {popup === 'ver' && <TransferenciasModal orden={ref} onClose={() => setPopup(null)} />}
    </>
  );
}
