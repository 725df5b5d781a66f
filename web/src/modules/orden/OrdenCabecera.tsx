import {
  CONDICION,
  LUGAR_ENTREGA_DEFECTO,
  METODO_PAGO_CARTA_CREDITO,
  MSG,
  ROLE,
  TIPO_DESCUENTO,
  TIPO_ORDEN,
  type OrdenDetalle,
} from '@obra/domain';
import { Checkbox, Col, DatePicker, Form, Input, Row, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { LookupRows } from '../../base/lookups';
import { ProveedorSelect } from '../../ui/ProveedorSelect';
import { useUsuariosPorRol, type UsuarioRol } from './api';
import { TIPO_DESCUENTO_OPTIONS, TIPO_ORDEN_NOMBRE } from './labels';
import { FECHA_FORMATOS } from '../../ui/format';
import { limite } from '../../ui/inputs';

const TIPO_OPTIONS = [TIPO_ORDEN.COMPRA, TIPO_ORDEN.SERVICIO].map((t) => ({ value: t, label: TIPO_ORDEN_NOMBRE[t] }));

/** The header fields of the form (spec 1 §3 "Order", §5). */
export interface HeaderValues {
  tipo_orden: number;
  es_importacion: boolean;
  id_pais?: number;
  id_centro_costo?: number;
  id_proveedor?: number;
  id_moneda?: number;
  id_condicion?: number;
  ord_porcentaje_adelanto?: string;
  /** Soles per unit of the currency: required on a purchase order not in soles (docs/business-rules.md "Kardex valorizado"). */
  ord_tipo_cambio?: string;
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
export const plain = (v: string | null | undefined) => {
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
    ord_tipo_cambio: o.moneda.id_moneda === 1 ? undefined : plain(o.ord_tipo_cambio),
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

const persona = (u: UsuarioRol) => ({ value: u.id_usuario, label: `${u.nombre} ${u.apellido}`.trim() });

/** The lookup lists the header's selects offer. */
type CabeceraLookups = Pick<
  { [K in keyof LookupRows]: LookupRows[K][] },
  'monedas' | 'condiciones_comerciales' | 'centros_costo' | 'paises' | 'tipos_documento' | 'metodos_pago'
>;

interface OrdenCabeceraProps {
  form: FormInstance<HeaderValues>;
  /** The order being edited; null on /orden/new. */
  orden: OrdenDetalle | null;
  lookups: CabeceraLookups | undefined;
  servicio: boolean;
  importacion: boolean;
  onValuesChange: (changed: Partial<HeaderValues>, all: HeaderValues) => void;
}

/** The header of the order form (spec 1 §3 "Order", §5): required fields marked, conditional ones shown when they apply. */
export function OrdenCabecera({ form, orden, lookups: l, servicio, importacion, onValuesChange }: OrdenCabeceraProps) {
  const contabilidad = useUsuariosPorRol(ROLE.CONTABILIDAD);
  const administrador = useUsuariosPorRol(ROLE.ADMINISTRADOR);
  const gerencia = useUsuariosPorRol(ROLE.GERENCIA);
  const idCondicion = Form.useWatch('id_condicion', form);
  const idMetodo = Form.useWatch('id_metodo', form);
  const idMoneda = Form.useWatch('id_moneda', form);

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

  const col = { xs: 24, md: 12, xl: 8 };
  const search = { optionFilterProp: 'label' } as const;

  return (
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
            <ProveedorSelect initial={orden?.proveedor ?? null} />
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
        {!servicio && idMoneda !== undefined && idMoneda !== 1 && (
          <Col {...col}>
            <Form.Item label="Tipo de cambio (S/)" name="ord_tipo_cambio" rules={[{ required: true, message: 'Ingrese el tipo de cambio' }]}
              tooltip="Soles por unidad de la moneda: valoriza en soles los ingresos de la orden en el kardex">
              <Input inputMode="decimal" placeholder="3.7500" />
            </Form.Item>
          </Col>
        )}
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
            <DatePicker format={FECHA_FORMATOS} style={{ width: '100%' }} placeholder="dd/mm/aaaa" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={16}>
          <Form.Item label="Lugar de entrega" name="lugar_entrega" rules={required}>
            <Input count={limite(250)} />
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
            <Input count={limite(200)} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={12}>
          <Form.Item label="Detalle de la referencia" name="referencia_detalle">
            <Input count={limite(500)} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={12}>
          <Form.Item label="Observación" name="observacion">
            <Input.TextArea count={limite(1000)} autoSize={{ minRows: 1, maxRows: 4 }} />
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
  );
}
