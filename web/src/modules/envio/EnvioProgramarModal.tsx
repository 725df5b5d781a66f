import { PlusOutlined } from '@ant-design/icons';
import { ENVIO_FRECUENCIA_DEFECTO, EnvioModificar, EnvioRegistrar, cantidadTope, formatDecimal, limaDate, type EnvioFila, type OrdenVentaDetalleLinea } from '@obra/domain';
import { Alert, Button, Card, Empty, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { checkForm } from '../../ui/checkForm';
import { toast } from '../../base/toast';
import { useAskDiscard } from '../../ui/useLeaveGuard';
import { useMixersActivos } from '../mixer/api';
import { useEnvios, useModificarEnvios, useOrdenParaEnvio, useRegistrarEnvios } from './api';
import { EnvioFilas } from './EnvioFilas';
import { proponerFila, restante, textoEscala, type FilaEnvio } from './programacion';
import { fechaDeApi } from '../../ui/format';

interface Props {
  ovtId: number;
  /** Reschedule: the order already has dispatches; only new ones are sent (spec 3 §5). */
  reprogramar: boolean;
  onClose: () => void;
}

/** 'dd-mm-yyyy' of today in Lima. */
const hoyDmy = () => limaDate().split('-').reverse().join('-');

/**
 * Spec 3 §2 "Dispatches" popups 'Programar envíos' and 'Reprogramar envíos': per order line a mixer
 * carries (services such as pumping are only named: they need no dispatch, issue 24), dispatches are
 * added (mixer, quantity capped at its capacity, delivery and departure, frequency) with loading and
 * return computed live; lines without balance cannot add. A refusal
 * (a mixer already busy in that window, a balance exceeded) keeps the popup open.
 */
export function EnvioProgramarModal({ ovtId, reprogramar, onClose }: Props) {
  const orden = useOrdenParaEnvio(ovtId);
  const mixers = useMixersActivos();
  const existentes = useEnvios({ ovt_id: ovtId }, { number: 1, size: 100 });
  const registrar = useRegistrarEnvios();
  const modificar = useModificarEnvios();
  const askDiscard = useAskDiscard();
  const [filas, setFilas] = useState<FilaEnvio[]>([]);
  const guardando = registrar.isPending || modificar.isPending;

  const capacidad = (mixId: number | null) => mixers.data?.find((m) => m.mix_id === mixId)?.mix_capacidad ?? null;
  const o = orden.data;
  // Dispatches are proposed at the order's delivery, or today when that day has passed (our choice).
  const base = (() => {
    const [fecha = hoyDmy(), hora = '08:00'] = (o?.ovt_fecha_entrega ?? '').split(' ');
    const iso = (d: string) => d.split('-').reverse().join('-');
    return iso(fecha) < limaDate() ? { fecha: hoyDmy(), hora } : { fecha, hora };
  })();

  const agregar = (l: OrdenVentaDetalleLinea) => {
    const previas = filas.filter((f) => f.ovd_id === l.ovd_id);
    const nueva = proponerFila(l.ovd_id, previas, base, l.env_frecuencia || ENVIO_FRECUENCIA_DEFECTO, restante(l.ovd_saldo_envio, previas), capacidad);
    setFilas([...filas, nueva]);
  };

  const cambiar = (key: string, cambio: Partial<FilaEnvio>, topar = false) =>
    setFilas((fs) => fs.map((f) => {
      if (f.key !== key) return f;
      const n = { ...f, ...cambio };
      // Choosing a mixer (or leaving the quantity) caps the quantity at the mixer's capacity.
      const cap = capacidad(n.mix_id);
      if (cap && n.cantidad && ('mix_id' in cambio || topar)) n.cantidad = cantidadTope(n.cantidad.replace(',', '.'), cap);
      return n;
    }));

  const quitar = (key: string) => setFilas((fs) => fs.filter((f) => f.key !== key));

  const guardar = async () => {
    if (filas.length === 0) return toast.error('Agregue al menos un envío');
    const lista_envio = filas.map((f) => ({
      ovt_id: ovtId, ovd_id: f.ovd_id, mix_id: f.mix_id, env_cantidad: f.cantidad.replace(',', '.'),
      env_fecha_hora_envio: `${f.fecha} ${f.entrega}`, env_fecha_hora_salida: `${f.fecha} ${f.salida}`, env_frecuencia: f.frecuencia,
    }));
    const payload = checkForm(reprogramar ? EnvioModificar : EnvioRegistrar, { lista_envio });
    if (!payload) return;
    try {
      const r = reprogramar ? await modificar.mutateAsync({ lista_envio }) : await registrar.mutateAsync({ lista_envio });
      toast.success(r.message);
      onClose();
    } catch {
      // Refused: the query cache showed the server's reason; the rows stay to be corrected.
    }
  };

  const cerrar = async () => {
    if (filas.length > 0 && !(await askDiscard())) return;
    onClose();
  };

  const despachables = o?.lista_orden_venta_detalle.filter((l) => l.pvt_despacho_mixer) ?? [];
  const servicios = o?.lista_orden_venta_detalle.filter((l) => !l.pvt_despacho_mixer) ?? [];

  const programadosDe = (ovdId: number): EnvioFila[] => (existentes.data?.data ?? []).filter((e) => e.ovd_id === ovdId && e.est_id !== 8);

  return (
    <Modal
      open
      title={`${reprogramar ? 'Reprogramar' : 'Programar'} envíos del pedido ${ovtId}`}
      width={1180}
      onCancel={() => void cerrar()}
      maskClosable={false}
      footer={[
        <Button key="cerrar" onClick={() => void cerrar()}>Cerrar</Button>,
        <Button key="guardar" type="primary" loading={guardando} disabled={!o} onClick={() => void guardar()}>Guardar</Button>,
      ]}
    >
      {!o ? (
        orden.isError ? <Alert type="error" title={orden.error.message} /> : <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>
            <b>{o.cli_nombre}</b> ({o.cli_documento_identidad}) · Entrega {fechaDeApi(o.ovt_fecha_entrega)} · {o.ovt_direccion_envio}, {o.ubi_nombre}
          </Typography.Text>
          {servicios.length > 0 && (
            // Issue 24: services (pumping) are not carried by a mixer; their lines need no dispatch.
            <Typography.Text type="secondary" aria-label="Líneas sin despacho">
              No requieren despacho (no van en mixer): {servicios.map((l) => `${l.ovd_producto} (${formatDecimal(l.ovd_cantidad)} ${l.unm_simbolo})`).join(' · ')}
            </Typography.Text>
          )}
          {despachables.length === 0 && <Alert type="info" title="Este pedido no tiene productos que se despachen en mixer" />}
          {despachables.map((l) => {
            const propias = filas.filter((f) => f.ovd_id === l.ovd_id);
            const queda = restante(l.ovd_saldo_envio, propias);
            const sinSaldo = queda <= 0n;
            const previos = programadosDe(l.ovd_id);
            return (
              <Card
                key={l.ovd_id}
                size="small"
                role="region"
                aria-label={`Línea ${l.ovd_producto}`}
                title={<span>{l.ovd_producto} <Tag>{formatDecimal(l.ovd_cantidad)} {l.unm_simbolo}</Tag></span>}
                extra={
                  <Flex gap={12} align="center">
                    <span>Saldo por despachar: <b aria-label={`Saldo ${l.ovd_producto}`}>{textoEscala(queda)}</b> {l.unm_simbolo}</span>
                    <Button size="small" icon={<PlusOutlined />} disabled={sinSaldo} onClick={() => agregar(l)} title={sinSaldo ? 'La línea no tiene saldo por despachar' : undefined}>
                      Agregar envío
                    </Button>
                  </Flex>
                }
              >
                {previos.length > 0 && (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                    Ya programados: {previos.map((e) => `${e.env_codigo} ${e.mix_nombre} ${formatDecimal(e.env_cantidad)} m³ ${e.env_fecha_hora_envio.slice(11, 16)}`).join(' · ')}
                  </Typography.Paragraph>
                )}
                {propias.length === 0
                  ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={sinSaldo ? 'Sin saldo por despachar' : 'Sin envíos nuevos'} style={{ margin: 0 }} />
                  : <EnvioFilas filas={propias} mixers={mixers.data ?? []} onCambiar={cambiar} onQuitar={quitar} />}
              </Card>
            );
          })}
        </Flex>
      )}
    </Modal>
  );
}
