import {
  AuditOutlined, CheckOutlined, CloseOutlined, DollarOutlined, EditOutlined, EyeOutlined, FileDoneOutlined, RollbackOutlined, SendOutlined,
  StopOutlined, WalletOutlined,
} from '@ant-design/icons';
import { CAJA_MSG, type CajAccion, type CajaFila } from '@obra/domain';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../ui/RowActions';
import { toast } from '../../base/toast';
import {
  useAprobarCaja, useAprobarRendicion, useCancelarCaja, useSolicitarAprobacionCaja, useSolicitarAprobacionRendicion,
} from './api';
import { CajaCierreModal } from './CajaCierreModal';
import { CajaDepositoModal } from './CajaDepositoModal';
import { CajaMotivoModal } from './CajaMotivoModal';

/** The cash box an action is on: its id, code and flags (a list row or the detail). */
export type CajaRef = Pick<CajaFila, 'caj_id' | 'caj_codigo' | 'caj_monto_text' | 'caj_titulo' | 'caj_opciones' | 'mon_simbolo' | 'usu_solicitante_nombre'>;

/** The questions asked before each action that needs no popup (spec 2 §8 for cancel, ours for the rest). */
export const CAJA_CONFIRMAR = {
  solicitar_aprobacion_caja: '¿Desea solicitar la aprobación de la caja?',
  aprobar_caja: '¿Desea aprobar la caja?',
  cancelar_caja: CAJA_MSG.confirmarCancelar,
  solicitar_aprobacion_rendicion: '¿Desea solicitar la aprobación de la rendición?',
  aprobar_rendicion: '¿Desea aprobar la rendición?',
} as const;

/** The label of each action, the same on the list's row menu and the detail's buttons. */
export const CAJA_ACCION_TEXTO: Record<CajAccion, string> = {
  editar_caja: 'Editar',
  solicitar_aprobacion_caja: 'Solicitar aprobación',
  aprobar_caja: 'Aprobar',
  desaprobar_caja: 'Desaprobar',
  cancelar_caja: 'Cancelar',
  depositar_caja: 'Depositar',
  agregar_rendicion: 'Rendición',
  solicitar_aprobacion_rendicion: 'Solicitar aprobación de rendición',
  aprobar_rendicion: 'Aprobar rendición',
  desaprobar_rendicion: 'Desaprobar rendición',
  reembolsar_caja: 'Registrar reembolso',
  devolver_caja: 'Registrar devolución',
};

export const CAJA_ACCION_ICONO: Record<CajAccion, ReactNode> = {
  editar_caja: <EditOutlined />,
  solicitar_aprobacion_caja: <SendOutlined />,
  aprobar_caja: <CheckOutlined />,
  desaprobar_caja: <CloseOutlined />,
  cancelar_caja: <StopOutlined />,
  depositar_caja: <DollarOutlined />,
  agregar_rendicion: <FileDoneOutlined />,
  solicitar_aprobacion_rendicion: <AuditOutlined />,
  aprobar_rendicion: <CheckOutlined />,
  desaprobar_rendicion: <CloseOutlined />,
  reembolsar_caja: <WalletOutlined />,
  devolver_caja: <RollbackOutlined />,
};

/** The settlement screen of a cash box (spec 2 §2 Routes). */
export const rutaRendicion = (c: Pick<CajaFila, 'caj_id' | 'caj_codigo'>) => `/rendicion/new/${c.caj_id}/${encodeURIComponent(c.caj_codigo)}`;

type Popup = { kind: 'desaprobar_caja' | 'desaprobar_rendicion' | 'depositar_caja' | 'reembolsar_caja' | 'devolver_caja'; caja: CajaRef } | null;

/**
 * Every action on a cash box, shared by the list and the detail: offered only when the server's
 * `caj_opciones` flag says so (the server checks again); a state change is asked first, by a
 * question or by its popup (disapproval reason, deposit data); the reply's message is toasted and
 * the cash boxes reload. A refusal is toasted by the query cache.
 */
export function useCajaAcciones() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<Popup>(null);
  const solicitar = useSolicitarAprobacionCaja();
  const aprobar = useAprobarCaja();
  const cancelar = useCancelarCaja();
  const solicitarRendicion = useSolicitarAprobacionRendicion();
  const aprobarRendicion = useAprobarRendicion();

  const llamadas: Record<keyof typeof CAJA_CONFIRMAR, (v: { caj_id: number }) => Promise<{ message: string }>> = {
    solicitar_aprobacion_caja: solicitar.mutateAsync,
    aprobar_caja: aprobar.mutateAsync,
    cancelar_caja: cancelar.mutateAsync,
    solicitar_aprobacion_rendicion: solicitarRendicion.mutateAsync,
    aprobar_rendicion: aprobarRendicion.mutateAsync,
  };

  const confirmar = (accion: keyof typeof CAJA_CONFIRMAR, c: CajaRef) =>
    modal.confirm({
      title: CAJA_CONFIRMAR[accion],
      content: `${c.caj_codigo} · ${c.caj_titulo} · ${c.caj_monto_text}`,
      okText: accion === 'cancelar_caja' ? 'Cancelar caja' : CAJA_ACCION_TEXTO[accion],
      okButtonProps: { danger: accion === 'cancelar_caja' },
      cancelText: accion === 'cancelar_caja' ? 'No' : 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => llamadas[accion]({ caj_id: c.caj_id }).then((r) => toast.success(r.message), () => undefined),
    });

  /** Runs `accion` on `c`: a screen, a popup or a confirmed call. */
  const ejecutar = (accion: CajAccion, c: CajaRef) => {
    switch (accion) {
      case 'editar_caja':
        return void navigate(`/caja/edit/${c.caj_id}`);
      case 'agregar_rendicion':
        return void navigate(rutaRendicion(c));
      case 'desaprobar_caja':
      case 'desaprobar_rendicion':
      case 'depositar_caja':
      case 'reembolsar_caja':
      case 'devolver_caja':
        return setPopup({ kind: accion, caja: c });
      default:
        return void confirmar(accion, c);
    }
  };

  /** A list row's options (spec 2 §2 "Petty cash list"): Ver always, the rest per flag. */
  const filaAcciones = (r: CajaFila): RowAction[] => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => void navigate(`/caja/view/${r.caj_id}`) },
    ...(['solicitar_aprobacion_caja', 'solicitar_aprobacion_rendicion', 'editar_caja', 'agregar_rendicion', 'reembolsar_caja', 'devolver_caja', 'cancelar_caja'] as const).map((a) => ({
      key: a,
      label: CAJA_ACCION_TEXTO[a],
      icon: CAJA_ACCION_ICONO[a],
      danger: a === 'cancelar_caja',
      hidden: !r.caj_opciones[a],
      onClick: () => ejecutar(a, r),
    })),
  ];

  const close = () => setPopup(null);
  const popups: ReactNode = popup && (
    <>
      {popup.kind === 'depositar_caja' && <CajaDepositoModal caja={popup.caja} onClose={close} />}
      {(popup.kind === 'reembolsar_caja' || popup.kind === 'devolver_caja') && <CajaCierreModal caja={popup.caja} accion={popup.kind} onClose={close} />}
      {(popup.kind === 'desaprobar_caja' || popup.kind === 'desaprobar_rendicion') && (
        <CajaMotivoModal caja={popup.caja} rendicion={popup.kind === 'desaprobar_rendicion'} onClose={close} />
      )}
    </>
  );

  return { ejecutar, filaAcciones, popups };
}
