import { Select } from 'antd';
import { FilterField } from './FilterField';

// antd Select refuses a null option value, so 'Todos' is a string inside the widget only.
const TODOS = 'todos';

interface SelectFilterProps<V extends string | number> {
  label: string;
  /** null: every value ('Todos'). */
  value: V | null;
  options: { value: V; label: string }[];
  onChange: (value: V | null) => void;
  width?: number;
  /** The text of the "no filter" choice. */
  allLabel?: string;
}

/** A labelled list filter of a few values plus 'Todos'; changing it searches at once. */
export function SelectFilter<V extends string | number>({ label, value, options, onChange, width = 140, allLabel = 'Todos' }: SelectFilterProps<V>) {
  return (
    <FilterField label={label}>
      {(id) => (
        <Select<V | typeof TODOS>
          id={id}
          aria-label={label}
          value={value ?? TODOS}
          options={[{ value: TODOS, label: allLabel }, ...options]}
          onChange={(v) => onChange(v === TODOS ? null : (v as V))}
          style={{ width }}
        />
      )}
    </FilterField>
  );
}
