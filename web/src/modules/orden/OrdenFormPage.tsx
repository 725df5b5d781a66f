import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CONDICION,
  LUGAR_ENTREGA_DEFECTO,
  METODO_PAGO_CARTA_CREDITO,
  MSG,
  ORDEN_MSG,
  OrdenCalculoError,
  OrdenSave,
  ROLE,
  TIPO_DESCUENTO,
  TIPO_ORDEN,
  calculateOrder,
  defaultTaxes,
  isReadOnly,
  limaDate,
  type OrdenCalculo,
  type OrdenDetalle,
  type ProveedorOption,
} from '@obra/domain';
import { Button, Card, Checkbox, Col, DatePicker, Flex, Form, Input, Result, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLookups } from '../../app/lookups';
import { useRoleIds } from '../../app/session';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/useDebounced';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useGuardarOrden, useOrden, useProveedorOpciones, useUsuariosPorRol, type UsuarioRol } from './api';
import { TIPO_DESCUENTO_OPTIONS, TIPO_ORDEN_NOMBRE } from './labels';
import { OrdenImpuestos, recomputeTaxes, toImpuestoForm, toImpuestoOrden, type ImpuestoForm } from './OrdenImpuestos';
import { OrdenItems, newItemKey, type ItemForm } from './OrdenItems';

const TITLE = 'Ordenes de Compra o Servicio';
/** The supplier autocomplete waits 250 ms in the order form (spec 1 §9). */
const SUPPLIER_SEARCH_MS = 250;
const TIPO_OPTIONS = [TIPO_ORDEN.COMPRA, TIPO_ORDEN.SERVICIO].map((t) => ({ value: t, label: TIPO_ORDEN_NOMBRE[t] }));

/** The header fields of the form (spec 1 §3 "Order", §5). */
interface HeaderValues {
  tipo_orden: number;
  es_importacion: boolean;
  id_pais?: number;
  id_centro_costo?: number;
  id_proveedor?: number;
  id_moneda?: number;
  id_condicion?: number;
  ord_porcentaje_adelanto?: string;
  id_metodo?: number;
  carta_credito?: string;
  id_tipo_documento?: number;
  ord_numero_documento?: string;
  fecha_pago?: Dayjs | null;
  lugar_entrega?: string;
  id_contabilidad?: number;
  id_administrador?: number;
  id_gerencia?: number;
  referencia?: string;
  referencia_detalle?: string;
  observacion?: string;
  descuento?: string;
  tipo_descuento: number;
}

const required = [{ required: true, message: MSG.required }];
/** A decimal text for an input: no thousands separators, no trailing zeros ('4.0000' → '4'). */
const plain = (v: string | null | undefined) => {
  const t = String(v ?? '');
  return /^-?\d+\.\d+$/.test(t) ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
};

function initialHeader(o: OrdenDetalle | null): HeaderValues {
  if (!o) {
    return { tipo_orden: TIPO_ORDEN.COMPRA, es_importacion: false, id_moneda: 1, lugar_entrega: LUGAR_ENTREGA_DEFECTO, descuento: '0', tipo_descuento: TIPO_DESCUENTO.PORCENTAJE };
  }
  return {
    tipo_orden: o.tipo_orden,
    es_importacion: o.es_importacion === 1,
    id_pais: o.pais?.id_pais,
    id_centro_costo: o.centro_costo.id_centro_costo,
    id_proveedor: o.proveedor.id_proveedor,
    id_moneda: o.moneda.id_moneda,
    id_condicion: o.condicion_comercial.id_condicion,
    ord_porcentaje_adelanto: plain(o.ord_porcentaje_adelanto),
    id_metodo: o.metodo_pago.id_metodo,
    carta_credito: o.carta_credito,
    id_tipo_documento: o.tipo_documento.id_tipo_documento,
    ord_numero_documento: o.ord_numero_documento,
    fecha_pago: o.fecha_pago ? dayjs(o.fecha_pago.slice(0, 10)) : null,
    lugar_entrega: o.lugar_entrega,
    id_contabilidad: o.contabilidad.id_usuario,
    id_administrador: o.administrador.id_usuario,
    id_gerencia: o.gerencia.id_usuario,
    referencia: o.referencia,
    referencia_detalle: o.referencia_detalle,
    observacion: o.observacion,
    descuento: plain(o.descuento),
    tipo_descuento: o.tipo_descuento,
  };
}

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

const persona = (u: UsuarioRol) => ({ value: u.id_usuario, label: `${u.nombre} ${u.apellido}`.trim() });

function OrdenForm({ orden }: { orden: OrdenDetalle | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<HeaderValues>();
  const [items, setItemsState] = useState<ItemForm[]>(() => initialItems(orden));
  const [impuestos, setImpuestos] = useState<ImpuestoForm[]>(() => initialTaxes(orden));
  // Anything the user typed or chose; defaults set by the screen itself do not count.
  const [edited, setEdited] = useState(false);
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
  const lookups = useLookups('monedas', 'condiciones_comerciales', 'centros_costo', 'paises', 'tipos_documento', 'metodos_pago', 'unidades_medida', 'marcas');
  const contabilidad = useUsuariosPorRol(ROLE.CONTABILIDAD);
  const administrador = useUsuariosPorRol(ROLE.ADMINISTRADOR);
  const gerencia = useUsuariosPorRol(ROLE.GERENCIA);

  const [provTexto, setProvTexto] = useState('');
  const proveedores = useProveedorOpciones(useDebounced(provTexto, SUPPLIER_SEARCH_MS));
  const [proveedorSel, setProveedorSel] = useState<Pick<ProveedorOption, 'id_proveedor' | 'razon_social' | 'ruc'> | null>(orden?.proveedor ?? null);

  const tipoOrden = Form.useWatch('tipo_orden', form) ?? orden?.tipo_orden ?? TIPO_ORDEN.COMPRA;
  const esImportacion = Form.useWatch('es_importacion', form) ?? false;
  const idCondicion = Form.useWatch('id_condicion', form);
  const idMetodo = Form.useWatch('id_metodo', form);
  const idMoneda = Form.useWatch('id_moneda', form);
  const descuento = Form.useWatch('descuento', form);
  const tipoDescuento = Form.useWatch('tipo_descuento', form) ?? TIPO_DESCUENTO.PORCENTAJE;
  const servicio = tipoOrden === TIPO_ORDEN.SERVICIO;
  const importacion = !servicio && esImportacion;

  // A new order names the first active user of each role until someone is chosen (spec 1 §6 defaults).
  useEffect(() => {
    if (orden) return;
    const defaults: [keyof HeaderValues, UsuarioRol[] | undefined][] = [
      ['id_contabilidad', contabilidad.data], ['id_administrador', administrador.data], ['id_gerencia', gerencia.data],
    ];
    defaults.forEach(([field, users]) => {
      if (users?.length && form.getFieldValue(field) === undefined) form.setFieldValue(field, users[0].id_usuario);
    });
  }, [orden, form, contabilidad.data, administrador.data, gerencia.data]);

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
    pei_id: orden?.pei_id ?? null,
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
  const proveedorOptions = [
    ...(proveedorSel && !proveedores.data?.some((p) => p.id_proveedor === proveedorSel.id_proveedor) ? [proveedorSel] : []),
    ...(proveedores.data ?? []),
  ].map((p) => ({ value: p.id_proveedor, label: `${p.razon_social} (${p.ruc})` }));
  const simbolo = l?.monedas.find((m) => m.mon_id === idMoneda)?.mon_simbolo ?? '';
  const descuentoLabel = tipoDescuento === TIPO_DESCUENTO.PORCENTAJE ? `Descuento (${descuento?.trim() || 0}%)` : 'Descuento';
  const col = { xs: 24, md: 12, xl: 8 };
  const search = { optionFilterProp: 'label' } as const;

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
          <Form<HeaderValues> form={form} layout="vertical" initialValues={initialHeader(orden)} onValuesChange={onValuesChange} requiredMark>
            <Row gutter={16}>
              <Col {...col}>
                <Form.Item label="Tipo de orden" name="tipo_orden" rules={required}>
                  {/* The type of an existing order cannot change (spec 1 §2.11). */}
                  <Select options={TIPO_OPTIONS} disabled={orden ? true : undefined} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Centro de costo" name="id_centro_costo" rules={required}>
                  <Select
                    showSearch={search}
                    placeholder="Seleccione el centro de costo"
                    options={(l?.centros_costo ?? []).map((c) => ({ value: c.id_centro_costo, label: `${c.codigo} - ${c.descripcion}` }))}
                  />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Proveedor" name="id_proveedor" rules={required}>
                  <Select
                    placeholder="Escriba la razón social"
                    showSearch={{ filterOption: false, onSearch: setProvTexto }}
                    loading={proveedores.isFetching}
                    notFoundContent={provTexto.trim() ? (proveedores.isFetching ? 'Buscando...' : 'No se encontraron proveedores') : 'Escriba la razón social'}
                    options={proveedorOptions}
                    onChange={(id: number) => setProveedorSel(proveedores.data?.find((p) => p.id_proveedor === id) ?? proveedorSel)}
                  />
                </Form.Item>
              </Col>
              {!servicio && (
                <Col {...col}>
                  <Form.Item label=" " name="es_importacion" valuePropName="checked">
                    <Checkbox>Importación</Checkbox>
                  </Form.Item>
                </Col>
              )}
              {importacion && (
                <Col {...col}>
                  <Form.Item label="País de origen" name="id_pais" rules={required}>
                    <Select showSearch={search} placeholder="Seleccione el país" options={(l?.paises ?? []).map((p) => ({ value: p.pai_id, label: p.pai_nombre }))} />
                  </Form.Item>
                </Col>
              )}
              <Col {...col}>
                <Form.Item label="Moneda" name="id_moneda" rules={required}>
                  <Select options={(l?.monedas ?? []).map((m) => ({ value: m.mon_id, label: `${m.mon_descripcion} (${m.mon_simbolo})` }))} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Condición comercial" name="id_condicion" rules={required}>
                  <Select placeholder="Seleccione la condición" options={(l?.condiciones_comerciales ?? []).map((c) => ({ value: c.coc_id, label: c.coc_descripcion }))} />
                </Form.Item>
              </Col>
              {idCondicion === CONDICION.ADELANTO && (
                <Col {...col}>
                  <Form.Item label="Porcentaje de adelanto" name="ord_porcentaje_adelanto" rules={required}>
                    <Input inputMode="decimal" suffix="%" />
                  </Form.Item>
                </Col>
              )}
              <Col {...col}>
                <Form.Item label="Método de pago" name="id_metodo" rules={required}>
                  <Select placeholder="Seleccione el método" options={(l?.metodos_pago ?? []).map((m) => ({ value: m.mep_id, label: m.mep_descripcion }))} />
                </Form.Item>
              </Col>
              {idMetodo === METODO_PAGO_CARTA_CREDITO && (
                <Col {...col}>
                  <Form.Item label="Carta de crédito" name="carta_credito" rules={required}>
                    <Input maxLength={60} />
                  </Form.Item>
                </Col>
              )}
              <Col {...col}>
                <Form.Item label="Tipo de documento" name="id_tipo_documento" rules={required}>
                  <Select
                    showSearch={search}
                    placeholder="Seleccione el tipo"
                    options={(l?.tipos_documento ?? []).map((t) => ({ value: t.tid_id, label: `${t.tid_descripcion} (${t.tid_codigo})` }))}
                  />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="N° de documento" name="ord_numero_documento">
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Fecha de pago" name="fecha_pago" rules={required}>
                  <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} placeholder="dd-mm-aaaa" />
                </Form.Item>
              </Col>
              <Col xs={24} xl={16}>
                <Form.Item label="Lugar de entrega" name="lugar_entrega" rules={required}>
                  <Input maxLength={250} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Contabilidad" name="id_contabilidad" rules={required}>
                  <Select showSearch={search} placeholder="Seleccione" loading={contabilidad.isFetching} options={(contabilidad.data ?? []).map(persona)} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Administración" name="id_administrador" rules={required}>
                  <Select showSearch={search} placeholder="Seleccione" loading={administrador.isFetching} options={(administrador.data ?? []).map(persona)} />
                </Form.Item>
              </Col>
              <Col {...col}>
                <Form.Item label="Gerencia" name="id_gerencia" rules={required}>
                  <Select showSearch={search} placeholder="Seleccione" loading={gerencia.isFetching} options={(gerencia.data ?? []).map(persona)} />
                </Form.Item>
              </Col>
              <Col xs={24} xl={12}>
                <Form.Item label="Referencia" name="referencia" rules={required}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} xl={12}>
                <Form.Item label="Detalle de la referencia" name="referencia_detalle">
                  <Input maxLength={500} />
                </Form.Item>
              </Col>
              <Col xs={24} xl={12}>
                <Form.Item label="Observación" name="observacion">
                  <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
                </Form.Item>
              </Col>
              <Col xs={12} xl={6}>
                <Form.Item label="Descuento" name="descuento">
                  <Input inputMode="decimal" />
                </Form.Item>
              </Col>
              <Col xs={12} xl={6}>
                <Form.Item label="Tipo de descuento" name="tipo_descuento" rules={required}>
                  <Select options={TIPO_DESCUENTO_OPTIONS} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
        <Card size="small" title="Detalle">
          <OrdenItems
            items={items}
            onChange={setItems}
            importacion={importacion}
            servicio={servicio}
            importes={calculo ? calculo.lineas.map((x) => x.importe) : null}
            unidades={l?.unidades_medida ?? []}
            marcas={l?.marcas ?? []}
          />
        </Card>
        <Card size="small" title="Impuestos y totales">
          <OrdenImpuestos impuestos={impuestos} onChange={editImpuestos} calculo={calculo} error={calculoError} simbolo={simbolo} descuentoLabel={descuentoLabel} />
        </Card>
      </Flex>
    </>
  );
}
