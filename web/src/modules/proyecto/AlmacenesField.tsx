import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ALM_TIPO, ESTABLECIMIENTO_PRINCIPAL, PRY_MSG } from '@obra/domain';
import { Button, Checkbox, Form, Input, Switch, Table, Tooltip, Typography, type FormInstance } from 'antd';
import { toast } from '../../base/toast';
import { limite } from '../../ui/inputs';

/** A row of the warehouse list as the form holds it; `alm_id` marks a saved warehouse. */
export interface AlmacenFormRow {
  alm_id?: number;
  alm_nombre: string;
  alm_direccion: string;
  alm_tipo: number;
  alm_estado: number;
  alm_establecimiento: string;
}

export const NEW_ALMACEN: AlmacenFormRow = {
  alm_nombre: '', alm_direccion: '', alm_tipo: ALM_TIPO.SECUNDARIO, alm_estado: 1, alm_establecimiento: ESTABLECIMIENTO_PRINCIPAL,
};

export const isIncomplete = (a: Partial<AlmacenFormRow> | undefined) => !a?.alm_nombre?.trim() || !a?.alm_direccion?.trim();

interface AlmacenesFieldProps {
  form: FormInstance;
  /** Mark empty names and addresses in red (after a refused save or add). */
  showErrors: boolean;
  onShowErrors: () => void;
  /** Saved warehouses can be deactivated; new ones start active. */
  editing: boolean;
  readOnly: boolean;
}

const cell = { style: { marginBottom: 0 } };
const flag = (on: number) => ({
  getValueProps: (v: number) => ({ checked: v === on }),
  normalize: (checked: boolean) => (checked ? on : 1 - on),
  valuePropName: 'checked',
});

/** The project's editable warehouse list (spec 2 "Projects screen"): name, address, add and remove. */
export function AlmacenesField({ form, showErrors, onShowErrors, editing, readOnly }: AlmacenesFieldProps) {
  const rows = (Form.useWatch('almacenes', form) ?? []) as AlmacenFormRow[];
  const status = (text: string | undefined) => (showErrors && !text?.trim() ? 'error' : undefined);

  return (
    <Form.List name="almacenes">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: 'Agregue al menos un almacén' }}
            columns={[
              {
                title: 'Nombre del almacén',
                render: (_, f, i) => (
                  <Form.Item {...cell} name={[f.name, 'alm_nombre']}>
                    <Input aria-label={`Nombre del almacén ${i + 1}`} count={limite(120)} status={status(rows[i]?.alm_nombre)} />
                  </Form.Item>
                ),
              },
              {
                title: 'Dirección',
                render: (_, f, i) => (
                  <Form.Item {...cell} name={[f.name, 'alm_direccion']}>
                    <Input aria-label={`Dirección del almacén ${i + 1}`} count={limite(250)} status={status(rows[i]?.alm_direccion)} />
                  </Form.Item>
                ),
              },
              {
                title: (
                  <Tooltip title="Código de establecimiento anexo del RUC (0000 el domicilio fiscal, 9999 un local de terceros); identifica al almacén en el libro PLE 12.1">
                    Cód. establecimiento SUNAT
                  </Tooltip>
                ),
                width: 130,
                render: (_, f, i) => (
                  <Form.Item {...cell} name={[f.name, 'alm_establecimiento']}>
                    <Input
                      aria-label={`Establecimiento SUNAT del almacén ${i + 1}`}
                      maxLength={4}
                      inputMode="numeric"
                      status={showErrors && !/^\d{4}$/.test(rows[i]?.alm_establecimiento ?? '') ? 'error' : undefined}
                    />
                  </Form.Item>
                ),
              },
              {
                title: <Tooltip title="El almacén principal se marca con * en las listas">Principal</Tooltip>,
                width: 90,
                align: 'center',
                render: (_, f, i) => (
                  <Form.Item {...cell} name={[f.name, 'alm_tipo']} {...flag(ALM_TIPO.PRINCIPAL)}>
                    <Checkbox aria-label={`Almacén ${i + 1} principal`} />
                  </Form.Item>
                ),
              },
              ...(editing
                ? [{
                    title: 'Activo',
                    width: 80,
                    align: 'center' as const,
                    render: (_: unknown, f: { name: number }, i: number) => (
                      <Form.Item {...cell} name={[f.name, 'alm_estado']} {...flag(1)}>
                        <Switch size="small" aria-label={`Almacén ${i + 1} activo`} />
                      </Form.Item>
                    ),
                  }]
                : []),
              ...(readOnly
                ? []
                : [{
                    title: '',
                    width: 48,
                    render: (_: unknown, f: { name: number }, i: number) => (
                      <Tooltip title="Quitar almacén">
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar almacén ${i + 1}`} onClick={() => remove(f.name)} />
                      </Tooltip>
                    ),
                  }]),
            ]}
          />
          {!readOnly && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => {
                // A new row only once the ones above are complete (spec 2 §5).
                if (rows.some(isIncomplete)) {
                  onShowErrors();
                  toast.error(PRY_MSG.missingWarehouse);
                  return;
                }
                add({ ...NEW_ALMACEN });
              }}
            >
              Agregar almacén
            </Button>
          )}
          {editing && !readOnly && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              Un almacén con stock o movimientos no puede quitarse; desactívelo.
            </Typography.Paragraph>
          )}
        </>
      )}
    </Form.List>
  );
}
