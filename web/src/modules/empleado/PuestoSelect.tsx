import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Select } from 'antd';
import { useState } from 'react';
import { toast } from '../../base/toast';
import { usePuestos, useRegistrarPuesto } from './api';

/** Positions match ignoring case, accents and repeated spaces, as the server compares them. */
const key = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

interface PuestoSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The employee's position, shown even if it is no longer active. */
  current?: { pue_id: number; pue_nombre: string };
  /** Offers adding the typed position when no position matches it. */
  canAdd: boolean;
  disabled?: boolean;
}

/** The position of an employee: searchable, with "Agregar puesto" when the typed one is missing. */
export function PuestoSelect({ id, value, onChange, current, canAdd, disabled }: PuestoSelectProps) {
  const puestos = usePuestos();
  const registrar = useRegistrarPuesto();
  const [search, setSearch] = useState('');
  const options = (puestos.data ?? []).map((p) => ({ value: p.pue_id, label: p.pue_nombre }));
  if (current && !options.some((o) => o.value === current.pue_id)) options.push({ value: current.pue_id, label: current.pue_nombre });
  const typed = search.trim().replace(/\s+/g, ' ');
  const missing = canAdd && typed !== '' && !options.some((o) => key(o.label) === key(typed));

  const add = async () => {
    // A refused name was already toasted by the query cache.
    const saved = await registrar.mutateAsync({ puesto: { pue_nombre: typed } }).catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    setSearch('');
    onChange?.(saved.data.pue_id);
  };

  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={puestos.isLoading}
      disabled={disabled}
      placeholder="Seleccione el puesto"
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        filterOption: (input, option) => key(String(option?.label ?? '')).includes(key(input)),
      }}
      // With no match the popup still opens, to offer adding the position.
      notFoundContent={missing ? 'No existe el puesto' : undefined}
      popupRender={(menu) => (
        <>
          {menu}
          {missing && (
            <>
              <Divider style={{ margin: '4px 0' }} />
              <Button
                type="link"
                icon={<PlusOutlined />}
                loading={registrar.isPending}
                // Keeps the focus in the select, so the popup stays open until the position is saved.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void add()}
              >
                Agregar puesto «{typed}»
              </Button>
            </>
          )}
        </>
      )}
    />
  );
}
