import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CLIENTE_MSG, ClienteDireccionInput } from '@obra/domain';
import { Button, Form, Input, Select, Table, Tooltip, type FormInstance } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import type { LookupRows } from '../../base/lookups';
import { CellText } from '../../ui/CellText';
import { toast } from '../../base/toast';
import { limite } from '../../ui/inputs';

/** A shipping address as the form holds it; `cde_id` marks a saved one (kept on modify). */
export interface DireccionFormRow {
  cde_id?: number;
  cde_alias: string;
  cde_direccion: string;
  cde_referencia: string;
  ubi_id: string | undefined;
}

type Campo = 'cde_alias' | 'cde_direccion' | 'cde_referencia' | 'ubi_id';

export const DIRECCION_VACIA: DireccionFormRow = { cde_alias: '', cde_direccion: '', cde_referencia: '', ubi_id: undefined };

/** Something typed in the add row and not added yet. */
export const hasPending = (d: DireccionFormRow) => [d.cde_alias, d.cde_direccion, d.cde_referencia, d.ubi_id].some((v) => !!v?.trim());

/** Lima and Callao districts grouped by province, searched by name. */
export function distritoOptions(distritos: LookupRows['distritos'][]) {
  const provincias = [...new Set(distritos.map((d) => d.ubi_provincia))];
  return provincias.map((p) => ({
    label: p,
    title: p,
    options: distritos.filter((d) => d.ubi_provincia === p).map((d) => ({ value: d.ubi_id, label: d.ubi_nombre })),
  }));
}

interface DireccionesFieldProps {
  form: FormInstance;
  distritos: LookupRows['distritos'][];
  /** Mark the blank cells of the saved rows in red (after a refused save). */
  showErrors: boolean;
  readOnly: boolean;
  /** The add row's values, held by the popup so that saving can see an address typed and not added. */
  nueva: DireccionFormRow;
  onNueva: (update: (d: DireccionFormRow) => DireccionFormRow) => void;
}

const cell = { style: { marginBottom: 0 } };
const blank = (v: string | undefined) => !v?.trim();

/**
 * The client's shipping addresses (spec 3 §2 "Clients"): a table of the addresses, editable in
 * place, each removable, and a last row to add one (alias, address, reference, district); adding
 * an incomplete one answers 'Falta ingresar datos para agregar la dirección de envío'.
 */
export function DireccionesField({ form, distritos, showErrors, readOnly, nueva, onNueva }: DireccionesFieldProps) {
  // preserve: read-only rows have no fields of their own, so only the store holds their values.
  const rows = (Form.useWatch('lista_cliente_direccion_envio', { form, preserve: true }) ?? []) as DireccionFormRow[];
  const [marcar, setMarcar] = useState(false);
  const options = distritoOptions(distritos);
  const nombreDistrito = (ubiId: string | undefined) => distritos.find((d) => d.ubi_id === ubiId)?.ubi_nombre;
  const status = (v: string | undefined, shown: boolean) => (shown && blank(v) ? 'error' : undefined);
  const set = (campo: Campo, value: string | undefined) => onNueva((n) => ({ ...n, [campo]: value }));

  const distritoSelect = (props: { value?: string; onChange?: (v: string) => void; label: string; error?: boolean }) => (
    <Select
      aria-label={props.label}
      value={props.value}
      onChange={props.onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Distrito"
      status={props.error ? 'error' : undefined}
      style={{ width: '100%' }}
      popupMatchSelectWidth={240}
    />
  );

  const editable = (f: { name: number }, i: number, campo: Exclude<Campo, 'ubi_id'>, label: string, max: number) =>
    readOnly ? <CellText text={rows[i]?.[campo]} /> : (
      <Form.Item {...cell} name={[f.name, campo]}>
        <Input aria-label={`${label} ${i + 1}`} maxLength={max} status={status(rows[i]?.[campo], showErrors)} />
      </Form.Item>
    );

  return (
    <Form.List name="lista_cliente_direccion_envio">
      {(fields, { add, remove }) => {
        const agregar = () => {
          const parsed = ClienteDireccionInput.safeParse(nueva);
          if (!parsed.success) {
            setMarcar(true);
            toast.error(parsed.error.issues[0]?.message ?? CLIENTE_MSG.missingAddress);
            return;
          }
          const alias = parsed.data.cde_alias;
          if (rows.some((r) => r.cde_alias?.trim().toLowerCase() === alias.toLowerCase())) {
            toast.error(CLIENTE_MSG.aliasRepeated(alias));
            return;
          }
          add({ cde_alias: alias, cde_direccion: parsed.data.cde_direccion, cde_referencia: parsed.data.cde_referencia, ubi_id: parsed.data.ubi_id });
          onNueva(() => DIRECCION_VACIA);
          setMarcar(false);
        };
        // Enter adds the address; it must not also submit the client's form.
        const enter = (e: KeyboardEvent<HTMLInputElement>) => {
          e.preventDefault();
          agregar();
        };
        return (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            tableLayout="fixed"
            dataSource={fields}
            locale={{ emptyText: 'El cliente no tiene direcciones de envío' }}
            columns={[
              { title: 'Alias', width: 170, render: (_, f, i) => editable(f, i, 'cde_alias', 'Alias', 60) },
              { title: 'Dirección', render: (_, f, i) => editable(f, i, 'cde_direccion', 'Dirección', 300) },
              { title: 'Referencia', render: (_, f, i) => editable(f, i, 'cde_referencia', 'Referencia', 300) },
              {
                title: 'Distrito',
                width: 200,
                render: (_, f, i) => (readOnly ? <CellText text={nombreDistrito(rows[i]?.ubi_id)} /> : (
                  <Form.Item {...cell} name={[f.name, 'ubi_id']}>
                    {distritoSelect({ label: `Distrito ${i + 1}`, error: showErrors && blank(rows[i]?.ubi_id) })}
                  </Form.Item>
                )),
              },
              ...(readOnly ? [] : [{
                title: '',
                // Room for the add row's 'Agregar' button.
                width: 128,
                align: 'center' as const,
                render: (_: unknown, f: { name: number }, i: number) => (
                  <Tooltip title="Quitar dirección">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar dirección ${i + 1}`} onClick={() => remove(f.name)} />
                  </Tooltip>
                ),
              }]),
            ]}
            summary={() => (readOnly ? null : (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Input aria-label="Alias nuevo" placeholder="Alias" maxLength={60} value={nueva.cde_alias} status={status(nueva.cde_alias, marcar)}
                    onChange={(e) => set('cde_alias', e.target.value)} onPressEnter={enter} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <Input aria-label="Dirección nueva" placeholder="Dirección" count={limite(300)} value={nueva.cde_direccion} status={status(nueva.cde_direccion, marcar)}
                    onChange={(e) => set('cde_direccion', e.target.value)} onPressEnter={enter} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>
                  <Input aria-label="Referencia nueva" placeholder="Referencia" count={limite(300)} value={nueva.cde_referencia} status={status(nueva.cde_referencia, marcar)}
                    onChange={(e) => set('cde_referencia', e.target.value)} onPressEnter={enter} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3}>
                  {distritoSelect({ label: 'Distrito nuevo', value: nueva.ubi_id, onChange: (v) => set('ubi_id', v), error: marcar && blank(nueva.ubi_id) })}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="center">
                  <Button icon={<PlusOutlined />} onClick={agregar}>Agregar</Button>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ))}
          />
        );
      }}
    </Form.List>
  );
}
