import { ESTADOS, ProductoVentaModificar, ProductoVentaRegistrar, type ProductoVenta } from '@obra/domain';
import { Form } from 'antd';
import { useLookups } from '../../base/lookups';
import { FormModal, modoProps } from '../../ui/FormModal';
import { useGruposProductoVenta, useModificarProductoVenta, useProductoVenta, useRegistrarProductoVenta, useTiposProductoVenta } from './api';
import { ProductoVentaFields, type ProductoVentaFormValues, type ProductoVentaListas } from './ProductoVentaFields';

/** Which popup: register, view (every field disabled) or modify. */
export type ProductoVentaModo = 'registrar' | 'ver' | 'modificar';

const TITLES: Record<ProductoVentaModo, string> = {
  registrar: 'Registrar Producto de Venta',
  ver: 'Ver Producto de Venta',
  modificar: 'Modificar Producto de Venta',
};

/** Sale products are activo or inactivo (spec 3 §4). */
export const ESTADO_OPTIONS = [1, 0].map((id) => ({ value: id, label: ESTADOS.find((e) => e.est_id === id)!.est_nombre }));

const NUEVO: ProductoVentaFormValues = { pvt_nombre: '', pvt_descripcion: '', pvt_precio_minimo: null, pvt_precio: null, pvt_stock: '0', pvt_peso: null, pvt_despacho_mixer: true };

/** '85.5000' → '85.5': the stock as a person writes it. */
const sinCeros = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t);

const formValues = (p: ProductoVenta): ProductoVentaFormValues => ({
  pvt_id: p.pvt_id,
  pvt_version: p.pvt_version,
  pti_id_parent: p.pti_id_parent,
  pti_id: p.pti_id,
  pvg_id: p.pvg_id ?? undefined,
  mar_id: p.mar_id,
  unm_id: p.unm_id,
  pvt_nombre: p.pvt_nombre,
  pvt_descripcion: p.pvt_descripcion,
  pvt_precio_minimo: p.pvt_precio_minimo,
  pvt_precio: p.pvt_precio,
  pvt_stock: sinCeros(p.pvt_stock),
  pvt_peso: p.pvt_peso === null ? null : sinCeros(p.pvt_peso),
  pvt_despacho_mixer: p.pvt_despacho_mixer,
  est_id: p.est_id,
});

type Payload = ProductoVentaRegistrar | ProductoVentaModificar;

interface Props {
  modo: ProductoVentaModo;
  /** The product to view or modify; null to register. */
  pvtId: number | null;
  onClose: () => void;
}

/** The 800 px popups of the sale product catalogue; a refused save keeps the popup open with its values. */
export function ProductoVentaModal({ modo, pvtId, onClose }: Props) {
  const [form] = Form.useForm<ProductoVentaFormValues>();
  const producto = useProductoVenta(modo === 'registrar' ? null : pvtId);
  const tipos = useTiposProductoVenta(null);
  const grupos = useGruposProductoVenta();
  const lookups = useLookups('marcas', 'unidades_medida');
  const registrar = useRegistrarProductoVenta();
  const modificar = useModificarProductoVenta();

  const listas: ProductoVentaListas | undefined = tipos.data && grupos.data && lookups.data && {
    tipos: tipos.data.map((t) => ({ value: t.pti_id, label: t.pti_nombre })),
    grupos: grupos.data.map((g) => ({ value: g.pvg_id, label: g.pvg_nombre })),
    marcas: lookups.data.marcas.map((m) => ({ value: m.mar_id, label: m.mar_nombre })),
    unidades: lookups.data.unidades_medida.map((u) => ({ value: u.unm_id, label: `${u.unm_simbolo} - ${u.unm_descripcion}` })),
    estados: ESTADO_OPTIONS,
  };
  const initial = modo === 'registrar' ? NUEVO : producto.data && formValues(producto.data);

  const toPayload = ({ pvt_id, pvt_version, est_id, ...v }: ProductoVentaFormValues) =>
    ({ producto_venta: modo === 'modificar' ? { pvt_id, pvt_version, ...v, est_id } : v });
  const save = (p: Payload) =>
    'pvt_id' in p.producto_venta ? modificar.mutateAsync(p as ProductoVentaModificar) : registrar.mutateAsync(p as ProductoVentaRegistrar);

  return (
    <FormModal<ProductoVentaFormValues, Payload>
      title={TITLES[modo]}
      width={800}
      form={form}
      initialValues={listas ? initial : undefined}
      schema={modo === 'modificar' ? ProductoVentaModificar : ProductoVentaRegistrar}
      toPayload={toPayload}
      at={['producto_venta']}
      onSave={save}
      {...modoProps(modo)}
      loadError={producto.isError ? producto.error.message : undefined}
      onClose={onClose}
    >
      {listas && <ProductoVentaFields form={form} listas={listas} source={producto.data} ver={modo === 'ver'} conEstado={modo !== 'registrar'} />}
    </FormModal>
  );
}
