import type { Producto, ProductoOpciones } from '@obra/domain';
import { Checkbox, Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { limite, NumberInput } from '../../ui/inputs';
import { useTipos } from './api';

/** The form's values: the `producto` payload with the flags as check boxes. */
export interface ProductoFormValues {
  prv_id?: number;
  prv_version?: number;
  prv_nombre: string;
  prv_descripcion: string;
  cat_id?: number;
  tip_id?: number;
  mar_id?: number | null;
  unm_id?: number;
  prv_item: boolean;
  prv_reposicion: boolean;
  prv_retornable: boolean;
  prv_retorno_estimado: number | null;
  prv_stock_minimo: string | null;
}

interface Option {
  value: number;
  label: string;
}

/**
 * The options plus the product's own value when it is no longer offered (a brand or unit
 * deactivated since), so an edit shows it instead of a bare id.
 */
function withCurrent(options: Option[], value: number | null | undefined, label: string | null | undefined): Option[] {
  if (!value || !label || options.some((o) => o.value === value)) return options;
  return [...options, { value, label: `${label} (inactivo)` }];
}

interface ProductoFieldsProps {
  form: FormInstance<ProductoFormValues>;
  opciones: ProductoOpciones;
  /** The product being modified or copied, for references no longer offered. */
  source?: Producto;
}

/** Fields of the register / modify / duplicate popups (spec 3 "Purchasing product catalogue"). */
export function ProductoFields({ form, opciones, source }: ProductoFieldsProps) {
  const catId = Form.useWatch('cat_id', form);
  const retornable = Form.useWatch('prv_retornable', form);
  const tipos = useTipos(catId);

  const categorias = withCurrent(opciones.categorias.map((c) => ({ value: c.cat_id, label: c.cat_nombre })), source?.cat_id, source?.cat_nombre);
  const tipoOptions = withCurrent(
    (tipos.data ?? []).map((t) => ({ value: t.tip_id, label: t.tip_nombre })),
    source?.cat_id === catId ? source?.tip_id : undefined,
    source?.tip_nombre,
  );
  const marcas = withCurrent(opciones.marcas.map((m) => ({ value: m.mar_id, label: m.mar_nombre })), source?.mar_id, source?.mar_nombre);
  const unidades = withCurrent(
    opciones.unidades_medida.map((u) => ({ value: u.unm_id, label: `${u.unm_simbolo} - ${u.unm_descripcion}` })),
    source?.unm_id,
    source && `${source.unm_simbolo} - ${source.unm_descripcion}`,
  );
  const search = { optionFilterProp: 'label' } as const;

  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label="Nombre" name="prv_nombre" required>
          <Input count={limite(200)} autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Categoría" name="cat_id" required>
          <Select
            options={categorias}
            showSearch={search}
            placeholder="Seleccione la categoría"
            // The type list reloads for the new category; the old type belongs to the old one.
            onChange={() => form.setFieldValue('tip_id', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Tipo" name="tip_id" required>
          <Select
            options={tipoOptions}
            showSearch={search}
            loading={tipos.isFetching}
            // `undefined`, not false, when enabled: a read-only form disables every field.
            disabled={catId ? undefined : true}
            placeholder={catId ? 'Seleccione el tipo' : 'Primero elija la categoría'}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Marca" name="mar_id">
          <Select options={marcas} showSearch={search} allowClear placeholder="Sin marca" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Unidad de medida" name="unm_id" required>
          <Select options={unidades} showSearch={search} placeholder="Seleccione la unidad" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Stock mínimo" name="prv_stock_minimo" extra="Por debajo de este stock el producto aparece para reponer">
          {/* Decimal text as typed, never a binary float (DECISIONS §2) nor rounded or clamped (issue 24). */}
          <NumberInput decimales={2} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Retorno estimado (días)" name="prv_retorno_estimado" required={Boolean(retornable)}>
          <NumberInput
            valueType="number"
            inputMode="numeric"
            disabled={retornable ? undefined : true}
            placeholder={retornable ? 'Días' : 'Solo para productos retornables'}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item style={{ marginBottom: 12 }}>
          <Row gutter={16}>
            <Col>
              <Form.Item name="prv_item" valuePropName="checked" noStyle>
                <Checkbox>Registrar número de serie</Checkbox>
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="prv_retornable" valuePropName="checked" noStyle>
                <Checkbox onChange={(e) => !e.target.checked && form.setFieldValue('prv_retorno_estimado', null)}>Retornable</Checkbox>
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="prv_reposicion" valuePropName="checked" noStyle>
                <Checkbox>Reposición</Checkbox>
              </Form.Item>
            </Col>
          </Row>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="Descripción" name="prv_descripcion">
          <Input.TextArea count={limite(400)} rows={2} />
        </Form.Item>
      </Col>
    </Row>
  );
}
