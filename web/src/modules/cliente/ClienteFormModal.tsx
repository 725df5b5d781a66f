import { InfoCircleOutlined } from '@ant-design/icons';
import {
  CLIENTE_TIPOS_DOCUMENTO, ClienteModificar, ClienteRegistrar, documentoProblem, type Cliente, type ClienteModificarData, type ClienteRegistrarData,
} from '@obra/domain';
import { Checkbox, Col, Form, Input, Row, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLookups } from '../../base/lookups';
import { FormModal } from '../../ui/FormModal';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { toast } from '../../base/toast';
import { useCliente, useModificarCliente, useRegistrarCliente } from './api';
import { DIRECCION_VACIA, DireccionesField, hasPending, type DireccionFormRow } from './DireccionesField';
import { limite } from '../../ui/inputs';

/** Which popup: register a new client, view one, or modify one. */
export type ClienteModo = 'registrar' | 'ver' | 'modificar';

interface FormValues {
  cli_id?: number;
  cli_version?: number;
  tdi_id: number | undefined;
  cli_documento_identidad: string;
  cli_nombre: string;
  cli_nombre_contacto: string;
  cli_domicilio_fiscal: string;
  cli_correo: string;
  cli_telefono: string;
  cli_especial: boolean;
  cli_estado: number;
  lista_cliente_direccion_envio: DireccionFormRow[];
}

const NUEVO: FormValues = {
  tdi_id: undefined, cli_documento_identidad: '', cli_nombre: '', cli_nombre_contacto: '', cli_domicilio_fiscal: '', cli_correo: '',
  cli_telefono: '', cli_especial: false, cli_estado: 1, lista_cliente_direccion_envio: [],
};

const formValues = (c: Cliente): FormValues => ({
  cli_id: c.cli_id,
  cli_version: c.cli_version,
  tdi_id: c.tdi_id,
  cli_documento_identidad: c.cli_documento_identidad,
  cli_nombre: c.cli_nombre,
  cli_nombre_contacto: c.cli_nombre_contacto,
  cli_domicilio_fiscal: c.cli_domicilio_fiscal,
  cli_correo: c.cli_correo,
  cli_telefono: c.cli_telefono,
  cli_especial: c.cli_especial === 1,
  cli_estado: c.cli_estado,
  lista_cliente_direccion_envio: c.lista_cliente_direccion_envio.map(({ cde_id, cde_alias, cde_direccion, cde_referencia, ubi_id }) => ({
    cde_id, cde_alias, cde_direccion, cde_referencia, ubi_id,
  })),
});

/** The register payload has no id, version or status; modify sends them. */
const toPayload = (modo: ClienteModo) => ({ cli_id, cli_version, cli_estado, cli_especial, ...v }: FormValues) => ({
  cliente: modo === 'registrar'
    ? { ...v, cli_especial: cli_especial ? 1 : 0 }
    : { ...v, cli_id, cli_version, cli_estado, cli_especial: cli_especial ? 1 : 0 },
});

type Payload = { cliente: ClienteRegistrarData } | { cliente: ClienteModificarData };

const TITULOS: Record<ClienteModo, string> = { registrar: 'Registrar Cliente', ver: 'Ver Cliente', modificar: 'Modificar Cliente' };
const PENDIENTE = 'Agregue a la lista la dirección de envío escrita, o bórrela, antes de guardar';

export interface ClienteFormModalProps {
  modo: ClienteModo;
  /** The client to view or modify; ignored when registering. */
  cliId?: number | null;
  onClose: () => void;
  /**
   * After a successful save, with the client as the server answered it (its id and active
   * addresses): the sales order popup opens this one from its 'Nuevo' button and takes the new client.
   */
  onSaved?: (cliente: Cliente) => void;
}

/** Register / view / modify client popup (spec 3 §2 "Clients", §5 "Client register"); reusable from other screens. */
export function ClienteFormModal({ modo, cliId = null, onClose, onSaved }: ClienteFormModalProps) {
  const isNew = modo === 'registrar';
  const readOnly = modo === 'ver';
  const [form] = Form.useForm<FormValues>();
  const tdiId = Form.useWatch('tdi_id', form);
  const lookups = useLookups('distritos');
  const cliente = useCliente(isNew ? null : cliId);
  const registrar = useRegistrarCliente();
  const modificar = useModificarCliente();
  const [showErrors, setShowErrors] = useState(false);
  const [nueva, setNueva] = useState<DireccionFormRow>(DIRECCION_VACIA);

  const initial = isNew ? NUEVO : cliente.data && formValues(cliente.data);
  const tipos = CLIENTE_TIPOS_DOCUMENTO.map((t) => ({ value: t.tdi_id, label: t.tdi_nombre }));
  const longitud = CLIENTE_TIPOS_DOCUMENTO.find((t) => t.tdi_id === tdiId)?.longitud ?? 15;

  // The document is checked against its type as soon as the field is left, not only on save.
  const checkDocumento = () => {
    const doc = String(form.getFieldValue('cli_documento_identidad') ?? '').trim().toUpperCase();
    const problem = doc && tdiId ? documentoProblem(tdiId, doc) : null;
    form.setFields([{ name: 'cli_documento_identidad', errors: problem ? [problem] : [] }]);
  };

  const save = async (payload: Payload) => {
    // An address typed in the add row and not added would be lost without a word.
    if (hasPending(nueva)) {
      toast.error(PENDIENTE);
      throw new Error(PENDIENTE);
    }
    const { cliente: c } = payload;
    const reply = 'cli_id' in c ? await modificar.mutateAsync({ cliente: c }) : await registrar.mutateAsync({ cliente: c });
    onSaved?.(reply.data);
    return reply;
  };

  return (
    <FormModal<FormValues, Payload>
      title={TITULOS[modo]}
      width={1080}
      form={form}
      initialValues={lookups.data ? initial : undefined}
      schema={isNew ? ClienteRegistrar : ClienteModificar}
      toPayload={toPayload(modo)}
      at={['cliente']}
      onSave={save}
      readOnly={readOnly}
      okText={isNew ? 'Registrar' : 'Modificar'}
      onInvalid={() => setShowErrors(true)}
      // Not found (an old link, a client read by id): the reason was toasted; nothing to show.
      loadError={cliente.isError ? cliente.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={5}>
          <Form.Item label="Tipo de documento" name="tdi_id" required={!readOnly}>
            <Select options={tipos} placeholder="Seleccione" onChange={() => form.setFields([{ name: 'cli_documento_identidad', errors: [] }])} />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item label="Documento" name="cli_documento_identidad" required={!readOnly}>
            <Input maxLength={longitud} onBlur={checkDocumento} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item label="Nombre o razón social" name="cli_nombre" required={!readOnly}>
            <Input count={limite(200)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Nombre de contacto" name="cli_nombre_contacto" required={!readOnly}>
            <Input count={limite(150)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="Correo" name="cli_correo" required={!readOnly}>
            <Input count={limite(150)} type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Teléfono" name="cli_telefono" required={!readOnly}>
            <Input maxLength={30} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={isNew ? 18 : 14}>
          <Form.Item label="Domicilio fiscal" name="cli_domicilio_fiscal" required={!readOnly}>
            <Input count={limite(300)} />
          </Form.Item>
        </Col>
        {!isNew && (
          <Col xs={24} md={4}>
            <Form.Item label="Estado" name="cli_estado">
              <Select options={ACTIVO_OPTIONS} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={6}>
          <Form.Item label=" " colon={false} name="cli_especial" valuePropName="checked">
            <Checkbox>
              Cliente especial{' '}
              <Tooltip title="No se genera comprobante electrónico para sus pedidos">
                <InfoCircleOutlined />
              </Tooltip>
            </Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Direcciones de envío
      </Typography.Title>
      <DireccionesField
        form={form}
        distritos={lookups.data?.distritos ?? []}
        showErrors={showErrors}
        readOnly={readOnly}
        nueva={nueva}
        onNueva={setNueva}
      />
    </FormModal>
  );
}
