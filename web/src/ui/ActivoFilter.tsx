import { ACTIVO_OPTIONS } from './options';
import { SelectFilter } from './SelectFilter';

export type ActivoValue = 0 | 1 | null;

interface ActivoFilterProps {
  /** 1 Activo, 0 Inactivo, null Todos: as the list calls take it. */
  value: ActivoValue;
  onChange: (value: ActivoValue) => void;
  label?: string;
}

/** Status filter of the list screens: Todos / Activo / Inactivo, labelled 'Estado'. */
export function ActivoFilter({ value, onChange, label = 'Estado' }: ActivoFilterProps) {
  return <SelectFilter<0 | 1> label={label} value={value} options={ACTIVO_OPTIONS} onChange={onChange} />;
}
