import { ORDEN_ESTADO_MSG, ORE, accionesVisibles, type OrdenAccionesInput } from '@obra/domain';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useAccessProfile } from '../../base/session';
import { toast } from '../../base/toast';
import { useDescargarPdf, useNotificarOrden } from './documentos-api';
import { useAnularOrden, useAprobarOrden, usePagarOrden } from './estados-api';

/** An order as the actions need it. */
export interface OrdenRef {
  id_orden: number;
  codigo: string;
}

type Accion = 'aprobarGerencia' | 'aprobarContabilidad' | 'pagar' | 'anular';

const PREGUNTA: Record<Accion, (codigo: string) => string> = {
  aprobarGerencia: (c) => `¿Desea aprobar (Gerencia) la orden ${c}?`,
  aprobarContabilidad: (c) => `¿Desea aprobar (Contabilidad) la orden ${c}?`,
  pagar: (c) => `¿Desea pagar la orden ${c}?`,
  anular: (c) => `¿Desea anular la orden ${c}?`,
};
const BOTON: Record<Accion, string> = { aprobarGerencia: 'Aprobar', aprobarContabilidad: 'Aprobar', pagar: 'Pagar', anular: 'Anular' };

/**
 * The confirmed state actions of an order (spec 1 §4.2, §8 "Confirmations"): each asks first, then
 * calls the server, shows the snackbar and, for approvals and payment, goes to the order list.
 * A refusal is toasted by the query cache and the user stays where they are.
 */
export function useOrdenAcciones() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const profile = useAccessProfile();
  const aprobar = useAprobarOrden();
  const pagar = usePagarOrden();
  const anular = useAnularOrden();
  const pdf = useDescargarPdf();
  const notificar = useNotificarOrden();

  const call = (accion: Accion, o: OrdenRef) => {
    switch (accion) {
      case 'aprobarGerencia': return aprobar.mutateAsync({ idOrden: o.id_orden, hasta: ORE.APROBACION_GERENCIA });
      case 'aprobarContabilidad': return aprobar.mutateAsync({ idOrden: o.id_orden, hasta: ORE.EMITIDO });
      case 'pagar': return pagar.mutateAsync(o.id_orden);
      case 'anular': return anular.mutateAsync(o.id_orden);
    }
  };

  /** `quedarse`: after success stay on the screen (the pending list) instead of going to `/orden`. */
  const confirmar = (accion: Accion, o: OrdenRef, quedarse = false) =>
    modal.confirm({
      title: PREGUNTA[accion](o.codigo),
      content: accion === 'anular' ? 'La orden quedará anulada y no podrá modificarse.' : undefined,
      okText: BOTON[accion],
      okButtonProps: accion === 'anular' ? { danger: true } : undefined,
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          const reply = await call(accion, o);
          toast.success(reply.message || ORDEN_ESTADO_MSG.aprobado);
          if (accion !== 'anular' && !quedarse) void navigate('/orden');
        } catch {
          // Already toasted by the query cache; the dialog closes and the order stays as it was.
        }
      },
    });

  /** Spec 1 §2.9 "notify": mails the supplier the PDF, after a confirmation. */
  const notificarProveedor = (o: OrdenRef) =>
    modal.confirm({
      title: `¿Desea enviar la orden ${o.codigo} al proveedor por correo?`,
      okText: 'Enviar',
      cancelText: 'Cancelar',
      onOk: () => notificar.mutateAsync(o.id_orden).catch(() => undefined),
    });

  return {
    /** Notificar from emitido on (issue 9) is part of the domain rule. */
    visibles: (o: OrdenAccionesInput, lugar: 'lista' | 'vista') => accionesVisibles(o, profile, lugar),
    confirmar,
    notificarProveedor,
    /** Saves `<codigo>.pdf`; a refusal is toasted by the query cache. */
    descargarPdf: (o: OrdenRef) => pdf.mutate({ idOrden: o.id_orden, codigo: o.codigo }),
    descargandoPdf: pdf.isPending,
  };
}
