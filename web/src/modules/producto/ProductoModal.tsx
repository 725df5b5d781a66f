import type { Producto } from '@obra/domain';
import { ProductoModificar, ProductoRegistrar } from '@obra/domain';
import { Alert, Form } from 'antd';
import { FormModal, modoProps } from '../../ui/FormModal';
import { useModificarProducto, useOpciones, useProducto, useRegistrarProducto } from './api';
import { ProductoFields, type ProductoFormValues } from './ProductoFields';

/** Which popup: register, modify, duplicate (a copy saved as new), or view (without the option). */
export type ProductoModo = 'registrar' | 'modificar' | 'duplicar' | 'ver';

const TITLES: Record<ProductoModo, string> = {
  registrar: 'Registrar Producto',
  modificar: 'Modificar Producto',
  duplicar: 'Duplicar Producto',
  ver: 'Ver Producto',
};

const NEW_PRODUCT: ProductoFormValues = {
  prv_nombre: '',
  prv_descripcion: '',
  mar_id: null,
  prv_item: false,
  prv_reposicion: false,
  prv_retornable: false,
  prv_retorno_estimado: null,
  prv_stock_minimo: '0',
};

function formValues(p: Producto, modo: ProductoModo): ProductoFormValues {
  return {
    // A duplicate is a new product: neither the id nor the version of its source go with it.
    ...(modo === 'modificar' ? { prv_id: p.prv_id, prv_version: p.prv_version } : {}),
    prv_nombre: p.prv_nombre,
    prv_descripcion: p.prv_descripcion,
    cat_id: p.cat_id,
    tip_id: p.tip_id,
    mar_id: p.mar_id,
    unm_id: p.unm_id,
    prv_item: p.prv_item === 1,
    prv_reposicion: p.prv_reposicion === 1,
    prv_retornable: p.prv_retornable === 1,
    prv_retorno_estimado: p.prv_retorno_estimado,
    prv_stock_minimo: p.prv_stock_minimo,
  };
}

const payload = (v: ProductoFormValues) => ({ producto: { ...v, mar_id: v.mar_id ?? null } });

interface ProductoModalProps {
  modo: ProductoModo;
  /** The product to modify, copy or view; null to register. */
  prvId: number | null;
  onClose: () => void;
  /** After a save, with the saved product's id. */
  onSaved: (prvId: number) => void;
}

type Payload = ProductoRegistrar | ProductoModificar;

/** Register (800px), modify, duplicate (800px) and view popups of the catalogue. */
export function ProductoModal({ modo, prvId, onClose, onSaved }: ProductoModalProps) {
  const [form] = Form.useForm<ProductoFormValues>();
  const opciones = useOpciones();
  const producto = useProducto(modo === 'registrar' ? null : prvId);
  const registrar = useRegistrarProducto();
  const modificar = useModificarProducto();

  const initial = modo === 'registrar' ? NEW_PRODUCT : producto.data && formValues(producto.data, modo);

  const save = async ({ producto: p }: Payload) => {
    const saved = await ('prv_id' in p ? modificar.mutateAsync({ producto: p }) : registrar.mutateAsync({ producto: p }));
    onSaved(saved.data.prv_id);
    return saved;
  };

  return (
    <FormModal<ProductoFormValues, Payload>
      title={TITLES[modo]}
      width={800}
      form={form}
      initialValues={opciones.data ? initial : undefined}
      schema={modo === 'modificar' ? ProductoModificar : ProductoRegistrar}
      toPayload={payload}
      at={['producto']}
      onSave={save}
      {...modoProps(modo)}
      notice={
        modo === 'duplicar' &&
        initial && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Se registrará como un producto nuevo. Cambie el nombre o la marca: no puede repetirse la misma combinación."
          />
        )
      }
      loadError={producto.isError ? producto.error.message : undefined}
      onClose={onClose}
    >
      {opciones.data && <ProductoFields form={form} opciones={opciones.data} source={producto.data} />}
    </FormModal>
  );
}
