import {
  CheckOutlined, CloseOutlined, DeleteOutlined, DollarOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PaperClipOutlined, SendOutlined,
} from '@ant-design/icons';
import { ORDEN_PAGO_MSG, opgAccionesPermitidas, type OrdenPagoRow } from '@obra/domain';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useAccessProfile, useSession } from '../../base/session';
import type { RowAction } from '../../ui/RowActions';
import { toast } from '../../base/toast';
import { AdjuntarModal } from './AdjuntarModal';
import {
  useAprobarOrdenPago, useDesaprobarOrdenPago, useDescargarDocumento, useEliminarOrdenPago, useSolicitarAprobacion,
} from './api';
import { DepositoModal } from './DepositoModal';
import { OrdenPagoModal, type ModoOrdenPago } from './OrdenPagoModal';

export type OrdenPagoPopup =
  | { kind: 'form'; modo: ModoOrdenPago; ordId: number; opgId: number | null }
  | { kind: 'deposito'; row: OrdenPagoRow }
  | { kind: 'adjuntar'; row: OrdenPagoRow }
  | null;

/**
 * The actions on a payment order row, the same in the per-order list and in the inbox: those the
 * domain rules allow the caller in its state (`opgAccionesPermitidas`; the server checks them
 * again), Ver always, Descargar when a document is attached; and the popups they open.
 * `onClose` runs after a popup closes (the per-order screen leaves its long path then).
 */
export function useOrdenPagoAcciones(initial: OrdenPagoPopup = null, onClose?: () => void) {
  const { modal } = App.useApp();
  const perfil = useAccessProfile();
  const usuId = useSession()?.id_usuario ?? 0;
  const [popup, setPopup] = useState<OrdenPagoPopup>(initial);
  const solicitar = useSolicitarAprobacion();
  const aprobar = useAprobarOrdenPago();
  const desaprobar = useDesaprobarOrdenPago();
  const eliminar = useEliminarOrdenPago();
  const descargar = useDescargarDocumento();

  /** Asks the spec's question, then calls; a refusal was already toasted by the query cache. */
  const confirmar = (title: string, okText: string, call: () => Promise<{ message: string }>, danger = false) =>
    modal.confirm({
      title,
      okText,
      cancelText: 'Cancelar',
      okButtonProps: { danger },
      autoFocusButton: 'cancel',
      onOk: () => call().then((r) => toast.success(r.message), () => undefined),
    });

  const acciones = (r: OrdenPagoRow): RowAction[] => {
    const allowed = new Set<string>(opgAccionesPermitidas(r.opg_estado, r.ore_id, perfil));
    const form = (modo: ModoOrdenPago) => () => setPopup({ kind: 'form', modo, ordId: r.ord_id, opgId: r.opg_id });
    // What the caller most likely came for comes first: the first three show as icons, the rest in the menu.
    return [
      { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: form('ver') },
      { key: 'depositar', label: 'Depositar', icon: <DollarOutlined />, onClick: () => setPopup({ kind: 'deposito', row: r }) },
      {
        key: 'aprobar', label: 'Aprobar', icon: <CheckOutlined />,
        onClick: () => confirmar(ORDEN_PAGO_MSG.confirmarAprobar, 'Aprobar', () => aprobar.mutateAsync({ opg_id: r.opg_id, opg_aprobador: usuId })),
      },
      {
        key: 'desaprobar', label: 'Desaprobar', icon: <CloseOutlined />,
        onClick: () => confirmar(ORDEN_PAGO_MSG.confirmarDesaprobar, 'Desaprobar', () => desaprobar.mutateAsync(r.opg_id), true),
      },
      {
        key: 'solicitar_aprobacion', label: 'Solicitar aprobación', icon: <SendOutlined />,
        onClick: () => confirmar(ORDEN_PAGO_MSG.confirmarSolicitar, 'Solicitar', () => solicitar.mutateAsync(r.opg_id)),
      },
      { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, onClick: form('modificar') },
      { key: 'adjuntar', label: 'Adjuntar documento', icon: <PaperClipOutlined />, onClick: () => setPopup({ kind: 'adjuntar', row: r }) },
      { key: 'descargar', label: 'Descargar documento', icon: <DownloadOutlined />, onClick: () => descargar.mutate(r), hidden: !r.opg_archivo_nombre },
      {
        key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true,
        onClick: () => confirmar(ORDEN_PAGO_MSG.confirmarEliminar, 'Eliminar', () => eliminar.mutateAsync(r.opg_id), true),
      },
    ].map((a) => (a.key === 'ver' || a.key === 'descargar' ? a : { ...a, hidden: !allowed.has(a.key) }));
  };

  const close = () => {
    setPopup(null);
    onClose?.();
  };

  const popups: ReactNode = popup && (
    <>
      {popup.kind === 'form' && <OrdenPagoModal modo={popup.modo} ordId={popup.ordId} opgId={popup.opgId} onClose={close} />}
      {popup.kind === 'deposito' && <DepositoModal row={popup.row} onClose={close} />}
      {popup.kind === 'adjuntar' && <AdjuntarModal row={popup.row} onClose={close} />}
    </>
  );

  return { acciones, popups, abrir: setPopup };
}
