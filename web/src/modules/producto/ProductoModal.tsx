import type { Producto } from '@obra/domain';
import { ProductoModificar, ProductoRegistrar } from '@obra/domain';
import { Alert, Button, Form, Modal, Skeleton } from 'antd';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../ui/toast';
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

/** Register (800px), modify, duplicate (800px) and view popups of the catalogue. */
export function ProductoModal({ modo, prvId, onClose, onSaved }: ProductoModalProps) {
  const [form] = Form.useForm<ProductoFormValues>();
  const opciones = useOpciones();
  const producto = useProducto(modo === 'registrar' ? null : prvId);
  const registrar = useRegistrarProducto();
  const modificar = useModificarProducto();
  const readOnly = modo === 'ver';

  const initial = modo === 'registrar' ? NEW_PRODUCT : producto.data && formValues(producto.data, modo);
  const saving = registrar.isPending || modificar.isPending;

  const submit = (values: ProductoFormValues) => {
    if (modo === 'modificar') {
      const checked = checkForm(ProductoModificar, payload(values), form, ['producto']);
      return checked && modificar.mutateAsync(checked);
    }
    const checked = checkForm(ProductoRegistrar, payload(values), form, ['producto']);
    return checked && registrar.mutateAsync(checked);
  };

  const save = async () => {
    // `true`: every value, also those without a field (prv_id, prv_version).
    const values = form.getFieldsValue(true) as ProductoFormValues;
    // A refused save was already toasted by the query cache; the popup stays open to correct it.
    const saved = await submit(values)?.catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onSaved(saved.data.prv_id);
    onClose();
  };

  return (
    <Modal
      open
      width={800}
      title={TITLES[modo]}
      onCancel={onClose}
      // The footer's 'Cerrar' and Escape close it.
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        !readOnly && (
          <Button key="guardar" type="primary" htmlType="submit" form="producto-form" loading={saving}>
            {modo === 'modificar' ? 'Modificar' : 'Registrar'}
          </Button>
        ),
      ]}
    >
      {modo === 'duplicar' && initial && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Se registrará como un producto nuevo. Cambie el nombre o la marca: no puede repetirse la misma combinación."
        />
      )}
      {initial && opciones.data ? (
        <Form<ProductoFormValues>
          id="producto-form"
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={initial}
          onValuesChange={clearMarksOnChange(form)}
          onFinish={() => void save()}
        >
          <ProductoFields form={form} opciones={opciones.data} source={producto.data} />
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
