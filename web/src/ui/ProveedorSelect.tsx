import type { ProveedorOption } from '@obra/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { apiPost } from '../base/api';
import { useDebounced } from './useDebounced';

/** The supplier autocomplete waits 250 ms in the order form (spec 1 §9). */
export const SUPPLIER_SEARCH_MS = 250;

/** `/proveedor/get-proveedor {razon_social}`; '' asks nothing. The order form's key, so both share answers. */
export function useProveedorOpciones(texto: string) {
  const t = texto.trim();
  return useQuery({
    queryKey: ['proveedor', 'opciones', t] as const,
    queryFn: t ? async () => (await apiPost<ProveedorOption[]>('/proveedor/get-proveedor', { razon_social: t })).data : skipToken,
    meta: { overlay: false },
  });
}

type Elegido = Pick<ProveedorOption, 'id_proveedor' | 'razon_social' | 'ruc'>;

interface ProveedorSelectProps {
  id?: string;
  /** Optional only because a Form.Item passes value and onChange itself (the order form). */
  value?: number | null;
  onChange?: (pveId: number | null) => void;
  /** The supplier already chosen (an order being edited), shown by name before any search. */
  initial?: Elegido | null;
  placeholder?: string;
  style?: CSSProperties;
  /** How long typing must pause before searching (the order report waits 500 ms, spec 1 §9). */
  delayMs?: number;
}

/**
 * A supplier chosen by typing part of its razón social (the order form's autocomplete), clearable.
 * The chosen supplier keeps its name while the next search lists others.
 */
export function ProveedorSelect(props: ProveedorSelectProps) {
  const { id, value, onChange, initial = null, placeholder = 'Escriba la razón social', style, delayMs = SUPPLIER_SEARCH_MS } = props;
  const [texto, setTexto] = useState('');
  const proveedores = useProveedorOpciones(useDebounced(texto, delayMs));
  const [elegido, setElegido] = useState<Elegido | null>(initial);
  const options = [
    ...(elegido && elegido.id_proveedor === value && !proveedores.data?.some((p) => p.id_proveedor === elegido.id_proveedor) ? [elegido] : []),
    ...(proveedores.data ?? []),
  ].map((p) => ({ value: p.id_proveedor, label: `${p.razon_social} (${p.ruc})` }));

  return (
    <Select<number>
      id={id}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setTexto }}
      loading={proveedores.isFetching}
      notFoundContent={texto.trim() ? (proveedores.isFetching ? 'Buscando...' : 'No se encontraron proveedores') : placeholder}
      options={options}
      onChange={(pveId: number | undefined) => {
        setElegido(proveedores.data?.find((p) => p.id_proveedor === pveId) ?? null);
        onChange?.(pveId ?? null);
      }}
      style={style}
    />
  );
}
