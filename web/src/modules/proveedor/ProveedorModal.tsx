import { PAIS_PERU, ProveedorSave, rucProblem, type ProveedorRow } from '@obra/domain';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useLookups } from '../../base/lookups';
import { FormModal } from '../../ui/FormModal';
import { useProveedor, useSaveProveedor } from './api';
import { limite } from '../../ui/inputs';

/** The form's values: the save payload with the flags as checkboxes. */
interface ProveedorFormValues {
  id_proveedor?: number;
  version?: number;
  ruc: string;
  razon_social: string;
  direccion: string;
  email: string;
  telefono: string;
  especialidad: string;
  cuenta_detraccion: string;
  es_activo: boolean;
  es_critico: boolean;
  es_nacional: boolean;
  id_pais: number | null;
}

const NEW_SUPPLIER: ProveedorFormValues = {
  ruc: '',
  razon_social: '',
  direccion: '',
  email: '',
  telefono: '',
  especialidad: '',
  cuenta_detraccion: '',
  es_activo: true,
  es_critico: false,
  es_nacional: true,
  id_pais: PAIS_PERU,
};

const formValues = (p: ProveedorRow): ProveedorFormValues => ({
  ...p,
  es_activo: p.es_activo === 1,
  es_critico: p.es_critico === 1,
  es_nacional: p.es_nacional === 1,
});

interface ProveedorModalProps {
  /** null: a new supplier. */
  id: number | null;
  /** Shows the supplier without letting it be changed. */
  readOnly: boolean;
  onClose: () => void;
}

/** Register / modify supplier popup (spec 1 §2.12, §5). */
export function ProveedorModal({ id, readOnly, onClose }: ProveedorModalProps) {
  const isNew = id === null;
  const [form] = Form.useForm<ProveedorFormValues>();
  const nacional = Form.useWatch('es_nacional', form);
  const lookups = useLookups('paises');
  const proveedor = useProveedor(id);
  const save = useSaveProveedor();

  const initial = isNew ? NEW_SUPPLIER : proveedor.data && formValues(proveedor.data);
  const paises = (lookups.data?.paises ?? []).map((p) => ({ value: p.pai_id, label: p.pai_nombre }));

  // A national supplier is in Perú (the country is locked); a foreign one must choose.
  const onNacionalChange = (checked: boolean) => form.setFieldValue('id_pais', checked ? PAIS_PERU : null);

  // The RUC is checked as soon as the field is left, not only on save.
  const checkRuc = () => {
    const ruc = String(form.getFieldValue('ruc') ?? '').trim();
    const problem = ruc ? rucProblem(ruc) : null;
    form.setFields([{ name: 'ruc', errors: problem ? [problem] : [] }]);
  };

  return (
    <FormModal<ProveedorFormValues, ProveedorSave>
      title={isNew ? 'Registrar Proveedor' : readOnly ? 'Proveedor' : 'Modificar Proveedor'}
      width={760}
      form={form}
      initialValues={lookups.data ? initial : undefined}
      schema={ProveedorSave}
      onSave={(proveedor) => save.mutateAsync(proveedor)}
      readOnly={readOnly}
      // Deleted by someone else meanwhile: the reason was toasted; nothing to edit.
      loadError={proveedor.isError ? proveedor.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="RUC" name="ruc" required={isNew} extra={isNew ? undefined : 'El RUC no se puede modificar'}>
            <Input maxLength={11} inputMode="numeric" disabled={!isNew} autoFocus={isNew} onBlur={checkRuc} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="Razón Social" name="razon_social" required>
            <Input count={limite(200)} autoFocus={!isNew} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="Dirección" name="direccion" required>
            <Input count={limite(250)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Correo" name="email" required>
            <Input count={limite(150)} type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Teléfono" name="telefono" required>
            <Input maxLength={30} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Especialidad" name="especialidad" required>
            <Input count={limite(150)} placeholder="Ej.: Cemento, agregados, transporte" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Cuenta de Detracción" name="cuenta_detraccion">
            <Input maxLength={30} placeholder="Banco de la Nación" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="País" name="id_pais" required={!nacional}>
            <Select
              options={paises}
              disabled={nacional}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccione el país"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label=" " colon={false}>
            <Row gutter={16}>
              <Col>
                <Form.Item name="es_nacional" valuePropName="checked" noStyle>
                  <Checkbox onChange={(e) => onNacionalChange(e.target.checked)}>Nacional</Checkbox>
                </Form.Item>
              </Col>
              <Col>
                <Form.Item name="es_critico" valuePropName="checked" noStyle>
                  <Checkbox>Crítico</Checkbox>
                </Form.Item>
              </Col>
              <Col>
                <Form.Item name="es_activo" valuePropName="checked" noStyle>
                  <Checkbox>Activo</Checkbox>
                </Form.Item>
              </Col>
            </Row>
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
