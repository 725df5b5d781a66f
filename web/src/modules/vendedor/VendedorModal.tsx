import { VendedorModificar, VendedorRegistrar, type Vendedor } from '@obra/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { FormModal, modoProps } from '../../ui/FormModal';
import { useModificarVendedor, useRegistrarVendedor, useVendedor } from './api';
import { limite } from '../../ui/inputs';

/** Which popup: Registrar Vendedor, Ver Vendedor (read-only) or Modificar Vendedor (spec 3 §2 "Sellers"). */
export type VendedorModo = 'registrar' | 'ver' | 'modificar';

const TITLES: Record<VendedorModo, string> = {
  registrar: 'Registrar Vendedor',
  ver: 'Ver Vendedor',
  modificar: 'Modificar Vendedor',
};

interface FormValues {
  ven_id?: number;
  ven_nombre: string;
  ven_documento_identidad: string;
  ven_correo: string;
  ven_telefono: string;
  est_id?: number;
}

const NUEVO: FormValues = { ven_nombre: '', ven_documento_identidad: '', ven_correo: '', ven_telefono: '' };

const formValues = (v: Vendedor): FormValues => ({
  ven_id: v.ven_id,
  ven_nombre: v.ven_nombre,
  ven_documento_identidad: v.ven_documento_identidad,
  ven_correo: v.ven_correo,
  ven_telefono: v.ven_telefono,
  est_id: v.est_id,
});

type Payload = VendedorRegistrar | VendedorModificar;

interface VendedorModalProps {
  modo: VendedorModo;
  /** The seller to view or modify; null to register. */
  venId: number | null;
  /** Activo and inactivo, as the screen loaded them. */
  estados: { value: number; label: string }[];
  onClose: () => void;
}

/** The three 800 px popups of the sellers screen; a refused save keeps the popup open with its values. */
export function VendedorModal({ modo, venId, estados, onClose }: VendedorModalProps) {
  const [form] = Form.useForm<FormValues>();
  const vendedor = useVendedor(modo === 'registrar' ? null : venId);
  const registrar = useRegistrarVendedor();
  const modificar = useModificarVendedor();
  const initial = modo === 'registrar' ? NUEVO : vendedor.data && formValues(vendedor.data);

  const toPayload = ({ ven_id, est_id, ...v }: FormValues) => ({ vendedor: modo === 'modificar' ? { ven_id, ...v, est_id } : v });
  const save = (p: Payload) =>
    'ven_id' in p.vendedor ? modificar.mutateAsync(p as VendedorModificar) : registrar.mutateAsync(p as VendedorRegistrar);

  return (
    <FormModal<FormValues, Payload>
      title={TITLES[modo]}
      width={800}
      form={form}
      initialValues={initial}
      schema={modo === 'modificar' ? VendedorModificar : VendedorRegistrar}
      toPayload={toPayload}
      at={['vendedor']}
      onSave={save}
      {...modoProps(modo)}
      loadError={vendedor.isError ? vendedor.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item label="Nombre" name="ven_nombre" required={modo !== 'ver'}>
            <Input count={limite(150)} autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Documento identidad" name="ven_documento_identidad" required={modo !== 'ver'} extra={modo === 'ver' ? undefined : 'DNI de 8 dígitos o RUC de 11'}>
            <Input maxLength={15} autoComplete="off" inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Teléfono" name="ven_telefono">
            <Input maxLength={30} autoComplete="off" inputMode="tel" placeholder={modo === 'ver' ? undefined : '987 654 321'} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Correo" name="ven_correo">
            <Input count={limite(150)} autoComplete="off" inputMode="email" />
          </Form.Item>
        </Col>
        {modo !== 'registrar' && (
          <Col xs={24} md={12}>
            <Form.Item label="Estado" name="est_id" required={modo === 'modificar'}>
              <Select options={estados} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
