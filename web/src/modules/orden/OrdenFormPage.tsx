import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CONDICION,
  METODO_PAGO_CARTA_CREDITO,
  MSG,
  ORDEN_MSG,
  OrdenCalculoError,
  OrdenSave,
  TIPO_DESCUENTO,
  TIPO_ORDEN,
  calculateOrder,
  defaultTaxes,
  isReadOnly,
  limaDate,
  type OrdenCalculo,
  type OrdenDetalle,
  type PedidoParaOC,
} from '@obra/domain';
import { Button, Card, Flex, Form, Result, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useLookups } from '../../base/lookups';
import { useRoleIds } from '../../base/session';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useGuardarOrden, useOrden } from './api';
import { OrdenCabecera, plain, type HeaderValues } from './OrdenCabecera';
import { OrdenDesdePedido } from './OrdenDesdePedido';
import { OrdenImpuestos, recomputeTaxes, toImpuestoForm, toImpuestoOrden, type ImpuestoForm } from './OrdenImpuestos';
import { OrdenItems, emptyItem, newItemKey, type ItemForm } from './OrdenItems';

const TITLE = 'Órdenes de Compra o Servicio';

const initialItems = (o: OrdenDetalle | null): ItemForm[] =>
  (o?.orden_items ?? []).map((i) => ({
    key: newItemKey(),
    prv_id: i.producto_variacion?.id_producto_variacion ?? null,
    producto: i.producto_variacion?.nombre ?? null,
    descripcion: i.descripcion,
    id_marca: i.marca.id_marca,
    id_unidad: i.unidad.id_unidad,
    cantidad: plain(i.cantidad),
    precio_unitario: plain(i.precio_unitario),
    precio_fob: plain(i.precio_fob),
    observacion: i.observacion,
    pid_id: i.pid_id,
  }));

/**
 * Lines a new order may start with, passed in the router state `{ precarga }` by another screen
 * (stock renewal, /renovate): catalogue products with their quantity; prices are entered here.
 */
export interface ItemPrecarga {
  prv_id: number;
  producto: string;
  id_marca: number;
  id_unidad: number;
  cantidad: string;
  observacion: string;
}

const preloadedItems = (precarga: ItemPrecarga[] | undefined): ItemForm[] =>
  (precarga ?? []).map((p) => ({
    ...emptyItem(), prv_id: p.prv_id, producto: p.producto, descripcion: p.producto, id_marca: p.id_marca, id_unidad: p.id_unidad,
    cantidad: p.cantidad, observacion: p.observacion,
  }));

const initialTaxes = (o: OrdenDetalle | null): ImpuestoForm[] =>
  o ? o.orden_impuestos.map(toImpuestoForm) : defaultTaxes({ tipo_orden: TIPO_ORDEN.COMPRA }).map(toImpuestoForm);

/** The order id of /orden/edit/:id; undefined on /orden/new, null when malformed. */
function useEditId(): number | null | undefined {
  const { id } = useParams();
  if (id === undefined) return undefined;
  return /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** Spec 1 §2.11: /orden/new and /orden/edit/:id. */
export function OrdenFormPage() {
  const navigate = useNavigate();
  const editId = useEditId();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const orden = useOrden(editId ?? null);
  const blocked = readOnly || (orden.data !== undefined && !orden.data.es_editable);

  useEffect(() => {
    // An order that is not editable (or a read-only user): the message, then back (spec 1 §2.11, §8).
    if (blocked) {
      toast.error(ORDEN_MSG.notEditable);
      void navigate('/orden', { replace: true });
    }
  }, [blocked, navigate]);

  if (editId === null || orden.isError) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Result status="warning" title={ORDEN_MSG.notFound} extra={<Button onClick={() => void navigate('/orden')}>Regresar</Button>} />
      </>
    );
  }
  if (blocked || (editId !== undefined && !orden.data)) return <PageHeader title={TITLE} />;
  return <OrdenForm key={editId ?? 'new'} orden={orden.data ?? null} />;
}

function OrdenForm({ orden }: { orden: OrdenDetalle | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<HeaderValues>();
  const precarga = (useLocation().state as { precarga?: ItemPrecarga[] } | null)?.precarga;
  const [items, setItemsState] = useState<ItemForm[]>(() => (orden ? initialItems(orden) : preloadedItems(precarga)));
  const [impuestos, setImpuestos] = useState<ImpuestoForm[]>(() => initialTaxes(orden));
  // The purchase request the order buys from (its lines carry pid_id).
  const [pedido, setPedido] = useState<{ pei_id: number; pei_codigo: string } | null>(() =>
    orden?.pei_id ? { pei_id: orden.pei_id, pei_codigo: orden.pei_codigo ?? String(orden.pei_id) } : null);
  // Anything the user typed or chose; defaults set by the screen itself do not count.
  const [edited, setEdited] = useState(false);
  const [saveTried, setSaveTried] = useState(false);
  const release = useLeaveGuard(edited);
  const setItems = (next: ItemForm[]) => {
    setItemsState(next);
    setEdited(true);
  };
  const editImpuestos = (next: ImpuestoForm[]) => {
    setImpuestos(next);
    setEdited(true);
  };
  const guardar = useGuardarOrden();
  /** 'Desde pedido': the request's pending lines replace those of a request chosen before and free lines of the same products. */
  const desdePedido = (p: PedidoParaOC, lineas: ItemForm[]) => {
    const productos = new Set(lineas.map((l) => l.prv_id));
    setPedido({ pei_id: p.pei_id, pei_codigo: p.pei_codigo });
    setItems([...items.filter((i) => i.pid_id === null && (i.prv_id === null || !productos.has(i.prv_id))), ...lineas]);
    // An order buys for the request's project: its cost centre is the natural one.
    form.setFieldValue('id_centro_costo', p.cec_id);
  };
  /** Unlinks the request: the lines stay as ordinary ones. */
  const quitarPedido = () => {
    setPedido(null);
    setItems(items.map((i) => ({ ...i, pid_id: null })));
  };
  const lookups = useLookups('monedas', 'condiciones_comerciales', 'centros_costo', 'paises', 'tipos_documento', 'metodos_pago', 'unidades_medida', 'marcas');

  const tipoOrden = Form.useWatch('tipo_orden', form) ?? orden?.tipo_orden ?? TIPO_ORDEN.COMPRA;
  const esImportacion = Form.useWatch('es_importacion', form) ?? false;
  const idMoneda = Form.useWatch('id_moneda', form);
  const descuento = Form.useWatch('descuento', form);
  const tipoDescuento = Form.useWatch('tipo_descuento', form) ?? TIPO_DESCUENTO.PORCENTAJE;
  const servicio = tipoOrden === TIPO_ORDEN.SERVICIO;
  const importacion = !servicio && esImportacion;

  // Live totals (spec 1 §9) with the same function the server uses; invalid input is shown, never thrown.
  const { calculo, calculoError } = useMemo((): { calculo: OrdenCalculo | null; calculoError: string | null } => {
    try {
      return {
        calculo: calculateOrder({
          items: items.map((i) => ({ cantidad: i.cantidad, precio_unitario: i.precio_unitario })),
          descuento: descuento?.trim() ? descuento : '0',
          tipo_descuento: tipoDescuento as 1 | 2,
          impuestos: impuestos.map(toImpuestoOrden),
        }),
        calculoError: null,
      };
    } catch (e) {
      if (!(e instanceof OrdenCalculoError)) throw e;
      const [scope, index] = e.path;
      const where = scope === 'items' && typeof index === 'number' ? `Línea ${index + 1}: `
        : scope === 'impuestos' && typeof index === 'number' ? `${impuestos[index]?.descripcion ?? 'Impuesto'}: `
        : scope === 'descuento' ? 'Descuento: ' : '';
      return { calculo: null, calculoError: `${where}${e.message}` };
    }
  }, [items, impuestos, descuento, tipoDescuento]);

  const onValuesChange = (changed: Partial<HeaderValues>, all: HeaderValues) => {
    setEdited(true);
    if ('id_condicion' in changed) {
      // Contado: paid today (Lima); crédito: the date is set later (spec 1 §9).
      if (changed.id_condicion === CONDICION.CONTADO) form.setFieldValue('fecha_pago', dayjs(limaDate()));
      if (changed.id_condicion === CONDICION.CREDITO) form.setFieldValue('fecha_pago', null);
    }
    if ('tipo_orden' in changed && changed.tipo_orden === TIPO_ORDEN.SERVICIO) form.setFieldValue('es_importacion', false);
    if ('tipo_orden' in changed || 'es_importacion' in changed || 'id_tipo_documento' in changed) {
      const tipo = all.tipo_orden;
      setImpuestos((current) => recomputeTaxes(current, {
        tipo_orden: tipo,
        es_importacion: tipo === TIPO_ORDEN.COMPRA && Boolean(form.getFieldValue('es_importacion')),
        tid_id: all.id_tipo_documento ?? null,
      }));
    }
  };

  const buildPayload = (v: HeaderValues): OrdenSave => ({
    ...(orden ? { id_orden: orden.id_orden, version: orden.version, logistica: { id_usuario: orden.logistica.id_usuario } } : {}),
    tipo_orden: v.tipo_orden as 1 | 2,
    es_importacion: importacion ? 1 : 0,
    pais: importacion && v.id_pais ? { id_pais: v.id_pais } : null,
    centro_costo: { id_centro_costo: v.id_centro_costo ?? 0 },
    proveedor: { id_proveedor: v.id_proveedor ?? 0 },
    moneda: { id_moneda: v.id_moneda ?? 0 },
    condicion_comercial: { id_condicion: v.id_condicion ?? 0 },
    metodo_pago: { id_metodo: v.id_metodo ?? 0 },
    tipo_documento: { id_tipo_documento: v.id_tipo_documento ?? 0 },
    ord_numero_documento: v.ord_numero_documento ?? '',
    fecha_pago: v.fecha_pago ? v.fecha_pago.format('YYYY-MM-DD') : '',
    carta_credito: v.id_metodo === METODO_PAGO_CARTA_CREDITO ? v.carta_credito ?? '' : '',
    lugar_entrega: v.lugar_entrega ?? '',
    contabilidad: { id_usuario: v.id_contabilidad ?? 0 },
    administrador: { id_usuario: v.id_administrador ?? 0 },
    gerencia: { id_usuario: v.id_gerencia ?? 0 },
    referencia: v.referencia ?? '',
    referencia_detalle: v.referencia_detalle ?? '',
    observacion: v.observacion ?? '',
    descuento: v.descuento?.trim() ? v.descuento.trim() : '0',
    tipo_descuento: v.tipo_descuento as 1 | 2,
    ord_porcentaje_adelanto: v.id_condicion === CONDICION.ADELANTO ? v.ord_porcentaje_adelanto ?? null : null,
    ord_tipo_cambio: v.id_moneda !== 1 ? v.ord_tipo_cambio ?? null : null,
    pei_id: pedido?.pei_id ?? null,
    orden_items: items.map((i) => ({
      producto_variacion: i.prv_id ? { id_producto_variacion: i.prv_id } : null,
      descripcion: i.descripcion,
      marca: { id_marca: i.id_marca },
      unidad: { id_unidad: i.id_unidad ?? 0 },
      cantidad: i.cantidad,
      precio_unitario: i.precio_unitario,
      precio_fob: importacion ? i.precio_fob : null,
      observacion: i.observacion,
      pid_id: i.pid_id,
    })),
    orden_impuestos: impuestos.map(toImpuestoOrden),
  });

  const onSave = async () => {
    setSaveTried(true);
    // Marks every missing header field; items are checked even when the header is incomplete.
    const values = await form.validateFields().catch(() => null);
    if (items.length === 0) {
      toast.error(ORDEN_MSG.noItems);
      return;
    }
    if (!values) {
      toast.error(MSG.required);
      return;
    }
    const parsed = OrdenSave.safeParse(buildPayload(values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [scope, index] = issue.path;
      toast.error(scope === 'orden_items' && typeof index === 'number' ? `Línea ${index + 1}: ${issue.message}` : issue.message);
      return;
    }
    if (calculoError) {
      toast.error(calculoError);
      return;
    }
    // A refusal shows the server's message (query client) and the button comes back (spec 1 §8).
    guardar.mutate(buildPayload(values), {
      onSuccess: (res) => {
        toast.success(res.message || (orden ? ORDEN_MSG.updated : ORDEN_MSG.registered));
        release();
        void navigate('/orden');
      },
    });
  };

  const l = lookups.data;
  const simbolo = l?.monedas.find((m) => m.mon_id === idMoneda)?.mon_simbolo ?? '';
  const descuentoLabel = tipoDescuento === TIPO_DESCUENTO.PORCENTAJE ? `Descuento (${descuento?.trim() || 0}%)` : 'Descuento';

  return (
    <>
      <PageHeader
        title={orden ? `${TITLE} - ${orden.codigo}` : TITLE}
        extra={
          <Flex gap={8}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>
              Regresar
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={guardar.isPending} onClick={() => void onSave()}>
              Guardar
            </Button>
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <Card size="small" title="Datos de la orden">
          <OrdenCabecera form={form} orden={orden} lookups={l} servicio={servicio} importacion={importacion} onValuesChange={onValuesChange} />
        </Card>
        <Card
          size="small"
          title="Detalle"
          extra={
            <Flex gap={8} align="center">
              {pedido && <Tag color="blue" closable onClose={(e) => { e.preventDefault(); quitarPedido(); }}>{`Pedido ${pedido.pei_codigo}`}</Tag>}
              {!servicio && <OrdenDesdePedido onElegir={desdePedido} />}
            </Flex>
          }
        >
          <OrdenItems
            items={items}
            onChange={setItems}
            importacion={importacion}
            servicio={servicio}
            importes={calculo ? calculo.lineas.map((x) => x.importe) : null}
            unidades={l?.unidades_medida ?? []}
            marcas={l?.marcas ?? []}
            marcarVacios={saveTried}
          />
        </Card>
        <Card size="small" title="Impuestos y totales">
          <OrdenImpuestos impuestos={impuestos} onChange={editImpuestos} calculo={calculo} error={calculoError} simbolo={simbolo} descuentoLabel={descuentoLabel} />
        </Card>
      </Flex>
    </>
  );
}
