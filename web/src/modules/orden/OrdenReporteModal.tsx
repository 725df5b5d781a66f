import { FileExcelOutlined } from '@ant-design/icons';
import { OrdenReporte, REPORTE_ARCHIVO, TIPO_ORDEN, TIPO_REPORTE, type OrdenReporteInput } from '@obra/domain';
import { Button, Col, DatePicker, Form, Modal, Radio, Row, Select } from 'antd';
import { useLookups } from '../../base/lookups';
import { toast } from '../../base/toast';
import { ProveedorSelect } from '../../ui/ProveedorSelect';
import { ReporteProgreso } from './ReporteProgreso';
import { limaMonth, rangeBody, useCategorias, useTiposProducto, useXlsxDownload, type Rango } from './reporte-api';
import { FECHA_FORMATOS } from '../../ui/format';

/** The supplier autocomplete of the report waits 500 ms (spec 1 §9). */
const SUPPLIER_SEARCH_MS = 500;

interface FormValues {
  rango: Rango;
  tipo_reporte: NonNullable<OrdenReporteInput['tipo_reporte']>;
  tipo_ordenes: NonNullable<OrdenReporteInput['tipo_ordenes']>;
  centro_costos: number[];
  proveedor: number | null;
  categoria_producto: number | null;
  tipo_producto: number | null;
}

const TIPO_ORDEN_OPTIONS = [
  { value: TIPO_ORDEN.COMPRA, label: 'Compra' },
  { value: TIPO_ORDEN.SERVICIO, label: 'Servicio' },
];

/**
 * Spec 1 §2.9 "report" popup: the orders of a date range (by order date) as reporte.xlsx, one row
 * per order or per product line, filtered by type, cost centres, supplier, category and product
 * type. The download streams: the bar shows the bytes received until the file is saved.
 */
export function OrdenReporteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const descarga = useXlsxDownload();
  const lookups = useLookups('centros_costo');
  const categorias = useCategorias(open);
  const categoria = Form.useWatch('categoria_producto', form);
  const tipos = useTiposProducto(categoria);

  const close = () => {
    descarga.cancel();
    onClose();
  };

  const generar = async (v: FormValues) => {
    const body: OrdenReporteInput = {
      ...rangeBody(v.rango),
      tipo_reporte: v.tipo_reporte,
      tipo_ordenes: v.tipo_ordenes,
      centro_costos: v.centro_costos,
      proveedor: v.proveedor,
      categoria_producto: v.categoria_producto,
      tipo_producto: v.tipo_producto,
    };
    const checked = OrdenReporte.safeParse(body);
    if (!checked.success) {
      toast.error(checked.error.issues[0].message);
      return;
    }
    if (await descarga.start('/orden/report', body, REPORTE_ARCHIVO)) toast.success(`Se descargó ${REPORTE_ARCHIVO}`);
  };

  const initial: FormValues = {
    rango: limaMonth(), tipo_reporte: TIPO_REPORTE.ORDEN, tipo_ordenes: [], centro_costos: [], proveedor: null, categoria_producto: null, tipo_producto: null,
  };

  return (
    <Modal
      open={open}
      title="Reporte de Órdenes"
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="cerrar" onClick={close}>
          Cerrar
        </Button>,
        <Button key="generar" type="primary" icon={<FileExcelOutlined />} htmlType="submit" form="orden-reporte-form" loading={descarga.downloading} disabled={descarga.downloading}>
          Generar
        </Button>,
      ]}
    >
      <Form<FormValues> id="orden-reporte-form" form={form} layout="vertical" initialValues={initial} onFinish={(v) => void generar(v)}
        disabled={descarga.downloading}>
        <Form.Item name="rango" label="Fecha inicio / Fecha fin">
          <DatePicker.RangePicker format={FECHA_FORMATOS} placeholder={['Fecha inicio', 'Fecha fin']} style={{ width: '100%' }} allowClear />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="tipo_reporte" label="Tipo de reporte">
              <Radio.Group options={[{ value: TIPO_REPORTE.ORDEN, label: 'Por orden' }, { value: TIPO_REPORTE.ITEM, label: 'Por producto' }]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tipo_ordenes" label="Tipo de orden">
              <Select mode="multiple" allowClear placeholder="Compra y servicio" options={TIPO_ORDEN_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="centro_costos" label="Centros de costo">
          <Select
            mode="multiple"
            allowClear
            placeholder="Todos"
            loading={lookups.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={(lookups.data?.centros_costo ?? []).map((c) => ({ value: c.id_centro_costo, label: `${c.codigo} - ${c.descripcion}` }))}
          />
        </Form.Item>
        <Form.Item name="proveedor" label="Proveedor">
          <ProveedorSelect delayMs={SUPPLIER_SEARCH_MS} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="categoria_producto" label="Categoría">
              <Select
                allowClear
                placeholder="Todas"
                loading={categorias.isFetching}
                showSearch={{ optionFilterProp: 'label' }}
                options={(categorias.data ?? []).map((c) => ({ value: c.cat_id, label: c.cat_nombre }))}
                // The types belong to the category: a new one clears the chosen type.
                onChange={() => form.setFieldValue('tipo_producto', null)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tipo_producto" label="Tipo de producto">
              <Select
                allowClear
                disabled={!categoria}
                placeholder={categoria ? 'Todos' : 'Primero elija la categoría'}
                loading={tipos.isFetching}
                options={(tipos.data ?? []).map((t) => ({ value: t.tip_id, label: t.tip_nombre }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {descarga.downloading && <ReporteProgreso bytes={descarga.bytes} />}
    </Modal>
  );
}
