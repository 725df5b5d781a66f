import type { Proyecto } from '@obra/domain';
import { ALM_TIPO, ProyectoModificar, ProyectoRegistrar } from '@obra/domain';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../base/session';
import { FormModal } from '../../ui/FormModal';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { AlmacenesField, NEW_ALMACEN, type AlmacenFormRow } from './AlmacenesField';
import { useModificarProyecto, useProyecto, useRegistrarProyecto } from './api';
import { limite } from '../../ui/inputs';

interface FormValues {
  pry_id?: number;
  pry_version?: number;
  pry_codigo: string;
  pry_nombre: string;
  pry_descripcion: string;
  pry_estado: number;
  almacenes: AlmacenFormRow[];
}

const NEW_PROJECT: FormValues = { pry_codigo: '', pry_nombre: '', pry_descripcion: '', pry_estado: 1, almacenes: [{ ...NEW_ALMACEN }] };

const formValues = (p: Proyecto): FormValues => ({
  pry_id: p.pry_id,
  pry_version: p.pry_version,
  pry_codigo: p.pry_codigo,
  pry_nombre: p.pry_nombre,
  pry_descripcion: p.pry_descripcion,
  pry_estado: p.pry_estado,
  almacenes: p.almacenes.map(({ alm_id, alm_nombre, alm_direccion, alm_tipo, alm_estado, alm_establecimiento }) => (
    { alm_id, alm_nombre, alm_direccion, alm_tipo, alm_estado, alm_establecimiento })),
});

type Payload = ProyectoRegistrar | ProyectoModificar;

interface ProyectoModalProps {
  /** null: a new project. */
  pryId: number | null;
  readOnly: boolean;
  onClose: () => void;
}

/** New / modify project popup (spec 2 "Projects screen", §5): the project and its warehouses, saved together. */
export function ProyectoModal({ pryId, readOnly, onClose }: ProyectoModalProps) {
  const isNew = pryId === null;
  const [form] = Form.useForm<FormValues>();
  const proyecto = useProyecto(pryId);
  const registrar = useRegistrarProyecto();
  const modificar = useModificarProyecto();
  const [showErrors, setShowErrors] = useState(false);
  // Only a corporate user changes a project's status (docs/business-rules.md).
  const corporate = useSession()?.usu_nivel === 1;

  const initial = isNew ? NEW_PROJECT : proyecto.data && formValues(proyecto.data);

  const save = ({ proyecto: p }: Payload) => ('pry_id' in p ? modificar.mutateAsync({ proyecto: p }) : registrar.mutateAsync({ proyecto: p }));

  /** Checking a main warehouse unchecks the others. */
  const onValuesChange = (changed: Partial<FormValues>) => {
    const rows = changed.almacenes;
    if (!Array.isArray(rows)) return;
    const main = rows.findIndex((r) => r?.alm_tipo === ALM_TIPO.PRINCIPAL);
    if (main < 0) return;
    const all = form.getFieldValue('almacenes') as AlmacenFormRow[];
    form.setFieldValue('almacenes', all.map((r, i) => (i === main ? r : { ...r, alm_tipo: ALM_TIPO.SECUNDARIO })));
  };

  return (
    <FormModal<FormValues, Payload>
      title={isNew ? 'Nuevo Proyecto' : readOnly ? 'Proyecto' : 'Modificar Proyecto'}
      width={900}
      form={form}
      initialValues={initial}
      schema={isNew ? ProyectoRegistrar : ProyectoModificar}
      toPayload={(values) => ({ proyecto: { ...values, almacenes: values.almacenes ?? [] } })}
      at={['proyecto']}
      onSave={save}
      readOnly={readOnly}
      onValuesChange={onValuesChange}
      onInvalid={() => setShowErrors(true)}
      loadError={proyecto.isError ? proyecto.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="pry_codigo" label="Código" required={!readOnly} normalize={(v: string) => v.toUpperCase()}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={isNew ? 16 : 10}>
          <Form.Item name="pry_nombre" label="Nombre" required={!readOnly}>
            <Input count={limite(120)} />
          </Form.Item>
        </Col>
        {!isNew && (
          <Col xs={24} md={6}>
            <Form.Item name="pry_estado" label="Estado">
              <Select options={ACTIVO_OPTIONS} disabled={readOnly || !corporate} />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="pry_descripcion" label="Descripción" required={!readOnly}>
            <Input.TextArea count={limite(400)} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Almacenes
      </Typography.Title>
      <AlmacenesField form={form} showErrors={showErrors} onShowErrors={() => setShowErrors(true)} editing={!isNew} readOnly={readOnly} />
    </FormModal>
  );
}
