import { precioConIgv, type ProductoVenta } from '@obra/domain';
import { Col, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { limite, NumberInput } from '../../ui/inputs';
import { useTiposProductoVenta } from './api';

/** The popup's values: the `producto_venta` payload as the form holds it (decimals as text). */
export interface ProductoVentaFormValues {
  pvt_id?: number;
  pvt_version?: number;
  pti_id_parent?: number;
  pti_id?: number;
  pvg_id?: number;
  mar_id?: number;
  unm_id?: number;
  pvt_nombre: string;
  pvt_descripcion: string;
  pvt_precio_minimo: string | null;
  pvt_precio: string | null;
  pvt_stock: string | null;
  /** kg per unit (issue 23): the sender guide's gross weight is quantity × this. */
  pvt_peso: string | null;
  /** Carried by a mixer (issue 24); off for a service (pumping), whose order lines need no dispatch. */
  pvt_despacho_mixer: boolean;
  est_id?: number;
}

interface Option {
  value: number;
  label: string;
}

/** Lists of the form, loaded by the popup before it shows the fields. */
export interface ProductoVentaListas {
  tipos: Option[];
  grupos: Option[];
  marcas: Option[];
  unidades: Option[];
  estados: Option[];
}

/** The options plus the product's own value when it is no longer offered (deactivated since), so it shows its name. */
function withCurrent(options: Option[], value: number | undefined, label: string | undefined): Option[] {
  if (!value || !label || options.some((o) => o.value === value)) return options;
  return [...options, { value, label: `${label} (inactivo)` }];
}

/** Maximum price × 1.18 while the text is a number (spec 3 §5); empty otherwise. */
const conIgv = (precio: string | null | undefined) => {
  const t = String(precio ?? '').trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? precioConIgv(t) : '';
};

interface Props {
  form: FormInstance<ProductoVentaFormValues>;
  listas: ProductoVentaListas;
  /** The product viewed or modified: names of references no longer offered. */
  source?: ProductoVenta;
  ver: boolean;
  /** The status is chosen only when modifying (a new product is activo). */
  conEstado: boolean;
}

const search = { optionFilterProp: 'label' } as const;

/** Fields of the register / view / modify popups (spec 3 §2 "Sales product catalogue"). */
export function ProductoVentaFields({ form, listas, source, ver, conEstado }: Props) {
  const parent = Form.useWatch('pti_id_parent', form);
  const precio = Form.useWatch('pvt_precio', form);
  const nivel2 = useTiposProductoVenta(parent ?? null, Boolean(parent));

  const tipos = withCurrent(listas.tipos, source?.pti_id_parent, source?.pti_parent_nombre);
  const subtipos = withCurrent(
    (nivel2.data ?? []).map((t) => ({ value: t.pti_id, label: t.pti_nombre })),
    source?.pti_id_parent === parent ? source?.pti_id : undefined,
    source?.pti_nombre,
  );
  const marcas = withCurrent(listas.marcas, source?.mar_id, source?.mar_nombre);
  const unidades = withCurrent(listas.unidades, source?.unm_id, source && `${source.unm_simbolo} - ${source.unm_descripcion}`);

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Tipo de producto" name="pti_id_parent" required={!ver}>
          <Select
            options={tipos}
            showSearch={search}
            placeholder="Seleccione el tipo"
            // Level 2 reloads for the new level 1; the old subtype belongs to the old one.
            onChange={() => form.setFieldValue('pti_id', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Subtipo de producto" name="pti_id" required={!ver}>
          <Select
            options={subtipos}
            showSearch={search}
            loading={nivel2.isFetching}
            // `undefined`, not false, when enabled: a read-only form disables every field.
            disabled={parent ? undefined : true}
            placeholder={parent ? 'Seleccione el subtipo' : 'Primero elija el tipo'}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Grupo" name="pvg_id" required={!ver}>
          <Select options={listas.grupos} placeholder="Seleccione el grupo" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Marca" name="mar_id" required={!ver}>
          <Select options={marcas} showSearch={search} placeholder="Seleccione la marca" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Unidad de medida" name="unm_id" required={!ver}>
          <Select options={unidades} showSearch={search} placeholder="Seleccione la unidad" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="Nombre" name="pvt_nombre" required={!ver}>
          <Input count={limite(200)} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="Descripción" name="pvt_descripcion">
          <Input.TextArea count={{ show: !ver, max: 500 }} rows={2} />
        </Form.Item>
      </Col>
      {/* stringMode: prices and stock travel as decimal text, never as binary floats (DECISIONS §2). */}
      <Col xs={24} md={8}>
        <Form.Item label="Precio mínimo" name="pvt_precio_minimo" required={!ver} extra={ver ? undefined : 'Sin IGV; el pedido no puede bajar de este precio'}>
          <NumberInput prefix="S/" decimales={2} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={ver ? 'Precio de venta' : 'Precio máximo'} name="pvt_precio" required={!ver} extra={ver ? undefined : 'Sin IGV'}>
          <NumberInput prefix="S/" decimales={2} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Precio con IGV" htmlFor="pvt_precio_igv">
          <Input id="pvt_precio_igv" value={conIgv(precio)} prefix="S/" readOnly variant="filled" disabled={ver ? true : undefined} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Stock" name="pvt_stock" required={!ver}>
          <NumberInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Peso por unidad (kg)" name="pvt_peso" extra={ver ? undefined : 'Para el peso bruto de la guía de remisión (concreto: unos 2400 kg por m³)'}>
          <NumberInput suffix="kg" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Se despacha en mixer" name="pvt_despacho_mixer" valuePropName="checked"
          extra={ver ? undefined : 'Desactívelo para servicios como el bombeo: no se despachan ni dejan pendiente el pedido'}>
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
      </Col>
      {conEstado && (
        <Col xs={24} md={8}>
          <Form.Item label="Estado" name="est_id" required={!ver}>
            <Select options={listas.estados} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
