import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { FilterField } from './FilterField';
import { FECHA_FORMATOS } from './format';

/** A range of dates a list filters on; null is "any". */
export type Rango = [Dayjs, Dayjs] | null;

/** The range as the filters of a request: `fecha_inicio`, `fecha_fin` (YYYY-MM-DD or null). */
export const rangoFechas = (r: Rango) => ({ fecha_inicio: r?.[0].format('YYYY-MM-DD') ?? null, fecha_fin: r?.[1].format('YYYY-MM-DD') ?? null });

/** A labelled 'Desde'–'Hasta' date filter (DD-MM-YYYY); clearing either end clears the range. */
export function DateRangeFilter({ label, value, onChange, width }: { label: string; value: Rango; onChange: (r: Rango) => void; width?: number }) {
  return (
    <FilterField label={label}>
      {(id) => (
        <DatePicker.RangePicker
          id={{ start: id }}
          format={FECHA_FORMATOS}
          placeholder={['Desde', 'Hasta']}
          value={value}
          onChange={(v) => onChange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
          style={width ? { width } : undefined}
        />
      )}
    </FilterField>
  );
}
