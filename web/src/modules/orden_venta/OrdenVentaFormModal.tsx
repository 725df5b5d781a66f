import { PlusOutlined } from '@ant-design/icons';
import {
  MON_SOLES, ORDEN_VENTA_MSG, OrdenVentaModificar, OrdenVentaRegistrar, TID_FACTURA, ovtEditable, type Cliente, type OrdenVentaDetalle,
} from '@obra/domain';
import { Button, Form, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ClienteFormModal } from '../cliente/ClienteFormModal';
import { FormModal } from '../../ui/FormModal';
import { useModificarOrdenVenta, useOrdenVenta, useOrdenVentaDatos, useRegistrarOrdenVenta } from './api';
import {
  OrdenVentaCampos, contactoDe, entregaPorDefecto, type ClienteElegido, type OrdenVentaValores, type VendedorElegido,
} from './OrdenVentaCampos';
import { montosDe } from './OrdenVentaLineas';

/** Wide enough for the lines grid on a 1366 px screen. */
export const ORDEN_VENTA_POPUP_WIDTH = 1240;
/** Payment condition a new order starts with. */
const CONTADO = 1;

/** 'dd-mm-yyyy HH:mm' (Lima) as the delivery date is sent (spec 3 §5), parsed back into the pickers. */
export function fechaHoraPickers(texto: string) {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(texto);
  if (!m) return { fecha: null, hora: null };
  const d = dayjs(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:00`);
  return { fecha: d, hora: d };
}

/** The saved order as the popup's values (modify and view). */
export function valoresDe(o: OrdenVentaDetalle): OrdenVentaValores {
  const { fecha, hora } = fechaHoraPickers(o.ovt_fecha_entrega);
  return {
    cli_id: o.cli_id, cde_id: o.cde_id, ven_id: o.ven_id, tid_id: o.tid_id, coc_id: o.coc_id,
    ovt_nombre_contacto: o.ovt_nombre_contacto, ovt_documento_identidad_contacto: o.ovt_documento_identidad_contacto,
    ovt_telefono_contacto: o.ovt_telefono_contacto, ovt_correo_contacto: o.ovt_correo_contacto,
    ovt_observaciones: o.ovt_observaciones, ovt_guia: o.ovt_guia, ovt_fecha_entrega: fecha, ovt_hora_entrega: hora,
    ovt_referencia_envio: o.ovt_referencia_envio, ubi_id: o.ubi_id,
    lista_orden_venta_detalle: o.lista_orden_venta_detalle.map((l) => ({
      pvt_id: l.pvt_id, ovd_producto: l.ovd_producto, unm_simbolo: l.unm_simbolo, pvt_precio: l.pvt_precio, pvt_precio_minimo: l.pvt_precio_minimo,
      ovd_precio: l.ovd_precio, ovd_cantidad: l.ovd_cantidad, env_frecuencia: l.env_frecuencia,
    })),
  };
}

function nuevos(): OrdenVentaValores {
  const { fecha, hora } = entregaPorDefecto();
  return {
    cli_id: null, cde_id: null, ven_id: null, tid_id: TID_FACTURA, coc_id: CONTADO, ovt_nombre_contacto: '', ovt_documento_identidad_contacto: '',
    ovt_telefono_contacto: '', ovt_correo_contacto: '', ovt_observaciones: '', ovt_guia: '', ovt_fecha_entrega: fecha, ovt_hora_entrega: hora,
    ovt_referencia_envio: '', ubi_id: null, lista_orden_venta_detalle: [],
  };
}

/** The payload: the delivery as 'dd-mm-yyyy HH:mm', the lines' price and quantity, and the amounts shown (the server recomputes them). */
function payloadDe(v: OrdenVentaValores, orden: OrdenVentaDetalle | undefined) {
  const { ovt_fecha_entrega: fecha, ovt_hora_entrega: hora, lista_orden_venta_detalle: lineas, ...campos } = v;
  const totales = montosDe(lineas).orden;
  return {
    orden_venta: {
      ...campos,
      ...(orden ? { ovt_id: orden.ovt_id, ovt_version: orden.ovt_version } : {}),
      mon_id: MON_SOLES,
      ovt_fecha_entrega: fecha && hora ? `${fecha.format('DD-MM-YYYY')} ${hora.format('HH:mm')}` : '',
      ...(totales ? { ovt_subtotal: totales.ovt_subtotal, ovt_igv_tasa: totales.ovt_igv_tasa, ovt_igv: totales.ovt_igv, ovt_total: totales.ovt_total } : {}),
      lista_orden_venta_detalle: lineas.map((l) => ({ pvt_id: l.pvt_id, ovd_precio: l.ovd_precio.trim(), ovd_cantidad: l.ovd_cantidad.trim(), env_frecuencia: l.env_frecuencia })),
    },
  };
}

/** Why an order read for modify cannot be changed: its state, or the caller's missing option. */
const noEditable = (o: OrdenVentaDetalle) => (ovtEditable(o.est_id) ? ORDEN_VENTA_MSG.sinOpcionEditar : ORDEN_VENTA_MSG.noEditable(o.est_nombre));

interface FormModalProps {
  /** The order to modify; null registers one. */
  ovtId: number | null;
  /** Whether the caller may register clients (the 'Nuevo' button beside the customer). */
  puedeCrearCliente: boolean;
  onClose: () => void;
}

/**
 * Register and modify popups of a sales order (spec 3 §2, §5): 'Registrar Pedido de Venta' offers
 * FACTURA only; 'Modificar Pedido de Venta' keeps the customer and offers BOLETA or FACTURA. The
 * payload is checked with the domain's schema first ('Falta ingresar datos para registrar la orden
 * de venta'); a refusal (a price under the minimum, a stale version) keeps the popup open.
 */
export function OrdenVentaFormModal({ ovtId, puedeCrearCliente, onClose }: FormModalProps) {
  const [form] = Form.useForm<OrdenVentaValores>();
  const datos = useOrdenVentaDatos();
  const detalle = useOrdenVenta(ovtId);
  const registrar = useRegistrarOrdenVenta();
  const modificar = useModificarOrdenVenta();
  const o = detalle.data;
  const [cliente, setCliente] = useState<ClienteElegido | null>(null);
  const [vendedor, setVendedor] = useState<VendedorElegido | null>(null);
  const [nuevoCliente, setNuevoCliente] = useState(false);
  const [inicial] = useState(() => (ovtId === null ? nuevos() : null));

  const ready = !!datos.data && (ovtId === null || !!o);
  const initialValues = ready ? (inicial ?? (o && valoresDe(o))) ?? undefined : undefined;
  const clienteMostrado = cliente ?? (o ? { cli_id: o.cli_id, cli_nombre: o.cli_nombre, cli_documento_identidad: o.cli_documento_identidad } : null);
  const vendedorMostrado = vendedor ?? (o?.ven_id ? { ven_id: o.ven_id, ven_nombre: o.ven_nombre ?? '' } : null);

  /** The client just registered from 'Nuevo' becomes the order's, with its contact. */
  const clienteRegistrado = (c: Cliente) => {
    setCliente(c);
    form.setFieldsValue({ cli_id: c.cli_id, cde_id: null, ovt_referencia_envio: '', ubi_id: null, ...contactoDe(c) });
  };

  return (
    <>
      <FormModal<OrdenVentaValores, OrdenVentaRegistrar | OrdenVentaModificar>
        title={o ? `Modificar Pedido de Venta N° ${o.ovt_id}` : 'Registrar Pedido de Venta'}
        width={ORDEN_VENTA_POPUP_WIDTH}
        form={form}
        initialValues={initialValues}
        schema={ovtId === null ? OrdenVentaRegistrar : OrdenVentaModificar}
        toPayload={(v) => payloadDe(v, o)}
        at={['orden_venta']}
        // What is sent is the form as the spec writes it ('dd-mm-yyyy HH:mm'), not the schema's parsed copy.
        onSave={() => {
          const body = payloadDe(form.getFieldsValue(true), o);
          return o ? modificar.mutateAsync(body as OrdenVentaModificar) : registrar.mutateAsync(body as OrdenVentaRegistrar);
        }}
        okText={ovtId === null ? 'Registrar' : 'Modificar'}
        loadError={detalle.isError ? ORDEN_VENTA_MSG.notFound : o && !o.puede_editar ? noEditable(o) : undefined}
        onClose={onClose}
      >
        {datos.data && (
          <OrdenVentaCampos
            modo={ovtId === null ? 'registrar' : 'modificar'}
            form={form}
            datos={datos.data}
            cliente={clienteMostrado}
            onCliente={setCliente}
            vendedor={vendedorMostrado}
            onVendedor={setVendedor}
            direccionGuardada={o?.cde_id ? { cde_id: o.cde_id, texto: o.ovt_direccion_envio } : null}
            nuevoCliente={puedeCrearCliente && (
              <Tooltip title="Registrar un cliente nuevo">
                <Button icon={<PlusOutlined />} onClick={() => setNuevoCliente(true)}>Nuevo</Button>
              </Tooltip>
            )}
          />
        )}
      </FormModal>
      {nuevoCliente && <ClienteFormModal modo="registrar" onClose={() => setNuevoCliente(false)} onSaved={clienteRegistrado} />}
    </>
  );
}
