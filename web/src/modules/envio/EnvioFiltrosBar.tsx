import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DateRangeFilter, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';

/** The filter set both dispatch tabs share (spec 3 §2 "Dispatches"): status, client, district, dates, hours. */
export interface FiltrosDespacho {
  est_id: number | null;
  cliente: string | null;
  ubi_id: string | null;
  rango: Rango;
  horas: [Dayjs, Dayjs] | null;
}

interface Props {
  value: FiltrosDespacho;
  onChange: (patch: Partial<FiltrosDespacho>) => void;
  estados: { value: number; label: string }[];
  distritos: { value: string; label: string }[];
  fechaLabel: string;
  buscando: boolean;
  onBuscar: () => void;
}

/** 'HH:mm' of the hour range, or nulls. */
export const horasFiltro = (h: FiltrosDespacho['horas']) => ({ hora_inicio: h?.[0].format('HH:mm') ?? null, hora_fin: h?.[1].format('HH:mm') ?? null });

export function EnvioFiltrosBar({ value, onChange, estados, distritos, fechaLabel, buscando, onBuscar }: Props) {
  return (
    <>
      <SelectFilter<number> label="Estado" value={value.est_id} options={estados} onChange={(v) => onChange({ est_id: v })} width={150} />
      <FilterField label="Cliente">
        {(id) => <SearchInput id={id} label="Cliente" placeholder="Nombre del cliente" width={220} onSearch={(v) => onChange({ cliente: v || null })} />}
      </FilterField>
      <FilterField label="Distrito">
        {(id) => (
          <Select<string> id={id} aria-label="Distrito" allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="Todos" options={distritos}
            value={value.ubi_id ?? undefined} onChange={(v) => onChange({ ubi_id: v ?? null })} style={{ width: 170 }} />
        )}
      </FilterField>
      <DateRangeFilter label={fechaLabel} value={value.rango} onChange={(v) => onChange({ rango: v })} width={240} />
      <FilterField label="Horas de entrega">
        {(id) => (
          <TimePicker.RangePicker id={{ start: id }} format="HH:mm" minuteStep={5} placeholder={['Desde', 'Hasta']} value={value.horas}
            onChange={(v) => onChange({ horas: v?.[0] && v[1] ? [v[0], v[1]] : null })} style={{ width: 170 }} />
        )}
      </FilterField>
      <Button icon={<SearchOutlined />} loading={buscando} onClick={onBuscar}>Buscar</Button>
    </>
  );
}
