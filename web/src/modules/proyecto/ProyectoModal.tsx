import type { Proyecto } from '@obra/domain';
import { ALM_TIPO, ProyectoModificar, ProyectoRegistrar } from '@obra/domain';
import { Button, Col, Form, Input, Modal, Row, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { toast } from '../../ui/toast';
import { AlmacenesField, NEW_ALMACEN, type AlmacenFormRow } from './AlmacenesField';
import { useModificarProyecto, useProyecto, useRegistrarProyecto } from './api';

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
  almacenes: p.almacenes.map(({ alm_id, alm_nombre, alm_direccion, alm_tipo, alm_estado }) => ({ alm_id, alm_nombre, alm_direccion, alm_tipo, alm_estado })),
});

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

  const submit = (values: FormValues) => {
    const body = { proyecto: { ...values, almacenes: values.almacenes ?? [] } };
    const checked = isNew
      ? checkForm(ProyectoRegistrar, body, form, ['proyecto'])
      : checkForm(ProyectoModificar, body, form, ['proyecto']);
    if (!checked) {
      setShowErrors(true);
      return null;
    }
    return isNew ? registrar.mutateAsync(checked as ProyectoRegistrar) : modificar.mutateAsync(checked as ProyectoModificar);
  };

  const save = async () => {
    // `true`: also the values without a field (pry_id, pry_version, alm_id).
    const saved = await submit(form.getFieldsValue(true) as FormValues)?.catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  /** Clears the marks of edited fields; checking a main warehouse unchecks the others. */
  const onValuesChange = (changed: Partial<FormValues>) => {
    clearMarksOnChange(form)(changed);
    const rows = changed.almacenes;
    if (!Array.isArray(rows)) return;
    const main = rows.findIndex((r) => r?.alm_tipo === ALM_TIPO.PRINCIPAL);
    if (main < 0) return;
    const all = form.getFieldValue('almacenes') as AlmacenFormRow[];
    form.setFieldValue('almacenes', all.map((r, i) => (i === main ? r : { ...r, alm_tipo: ALM_TIPO.SECUNDARIO })));
  };

  return (
    <Modal
      open
      width={900}
      title={isNew ? 'Nuevo Proyecto' : readOnly ? 'Proyecto' : 'Modificar Proyecto'}
      onCancel={onClose}
      // The footer's 'Cerrar' and Escape close it.
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        !readOnly && (
          <Button key="guardar" type="primary" htmlType="submit" form="proyecto-form" loading={registrar.isPending || modificar.isPending}>
            Guardar
          </Button>
        ),
      ]}
    >
      {initial ? (
        <Form<FormValues>
          id="proyecto-form"
          name="proyecto"
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={initial}
          onValuesChange={onValuesChange}
          onFinish={() => void save()}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="pry_codigo" label="Código" required={!readOnly} normalize={(v: string) => v.toUpperCase()}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={isNew ? 16 : 10}>
              <Form.Item name="pry_nombre" label="Nombre" required={!readOnly}>
                <Input maxLength={120} />
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
                <Input.TextArea maxLength={400} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Almacenes
          </Typography.Title>
          <AlmacenesField form={form} showErrors={showErrors} onShowErrors={() => setShowErrors(true)} editing={!isNew} readOnly={readOnly} />
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
