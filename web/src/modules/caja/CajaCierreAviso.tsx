import { PaperClipOutlined } from '@ant-design/icons';
import { CAJ, type CajaDetalle, type RendicionReply } from '@obra/domain';
import { Alert, Button, Flex } from 'antd';
import { formatDate } from '../../ui/format';
import { useAbrirVoucher, type CierreAccion } from './api';
import { CAJA_ACCION_ICONO, CAJA_ACCION_TEXTO } from './CajaAcciones';

type Caja = Pick<CajaDetalle, 'caj_id' | 'est_id' | 'caj_opciones' | 'cierre'>;

/**
 * Where an approved settlement's balance stands (issue 24): pending its reimbursement (treasury) or
 * its return (the requester or treasury), with the action when the caller's flag allows it; or how it
 * was closed, with the voucher. Nothing while the settlement is open or its balance is zero.
 */
export function CajaCierreAviso({ caja, rendicion, onAccion }: { caja: Caja; rendicion: RendicionReply | undefined; onAccion?: (a: CierreAccion) => void }) {
  const voucher = useAbrirVoucher();
  const c = caja.cierre;
  if (c) {
    const que = c.tipo === 'reembolso' ? 'Reembolso al solicitante' : 'Devolución del solicitante';
    const operacion = c.caj_numero_operacion_cierre ? ` · Op. ${c.caj_numero_operacion_cierre}` : '';
    return (
      <Alert
        type="success"
        showIcon
        data-testid="caja-cierre"
        title={`${que}: ${c.caj_monto_cierre_text} el ${formatDate(c.caj_fecha_cierre)}${operacion}. La caja está cerrada.`}
        description={`Registrado por ${c.usu_cierre_nombre}`}
        action={c.caj_url_voucher && (
          <Button size="small" icon={<PaperClipOutlined />} loading={voucher.isPending} onClick={() => voucher.mutate(caja.caj_id)}>
            {c.caj_voucher_nombre ?? 'Voucher'}
          </Button>
        )}
      />
    );
  }
  if (caja.est_id !== CAJ.RENDICION_APROBADA || !rendicion?.saldo_a_favor) return null;
  const accion: CierreAccion = rendicion.saldo_a_favor === 'solicitante' ? 'reembolsar_caja' : 'devolver_caja';
  const texto = accion === 'reembolsar_caja'
    ? `Saldo de ${rendicion.ren_saldo_text}: pendiente del reembolso de Tesorería.`
    : `Saldo de ${rendicion.ren_saldo_text} por devolver: el solicitante o Tesorería registra la devolución.`;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="caja-saldo-pendiente"
      title={texto}
      action={onAccion && caja.caj_opciones[accion] && (
        <Flex gap={8}>
          <Button type="primary" size="small" icon={CAJA_ACCION_ICONO[accion]} onClick={() => onAccion(accion)}>
            {CAJA_ACCION_TEXTO[accion]}
          </Button>
        </Flex>
      )}
    />
  );
}
