import { Select } from 'antd';
import { ACTIVO_OPTIONS } from './options';

export type ActivoValue = 0 | 1 | null;

// antd Select refuses a null option value, so 'Todos' is a string inside the widget only.
const TODOS = 'todos';
const OPTIONS = [{ value: TODOS, label: 'Todos' }, ...ACTIVO_OPTIONS];

interface ActivoFilterProps {
  /** 1 Activo, 0 Inactivo, null Todos: as the list calls take it. */
  value: ActivoValue;
  onChange: (value: ActivoValue) => void;
  label?: string;
}

/** Status filter of the list screens: Todos / Activo / Inactivo. */
export function ActivoFilter({ value, onChange, label = 'Estado' }: ActivoFilterProps) {
  return (
    <Select<number | string>
      aria-label={label}
      value={value ?? TODOS}
      options={OPTIONS}
      onChange={(v) => onChange(v === 0 || v === 1 ? v : null)}
      style={{ width: 140 }}
    />
  );
}
