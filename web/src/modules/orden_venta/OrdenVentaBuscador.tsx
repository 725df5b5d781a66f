import type { UseQueryResult } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { toast } from '../../base/toast';
import { useDebounced } from '../../ui/useDebounced';

/** The popup's searches wait this long after typing stops. */
export const BUSQUEDA_MS = 300;

interface BuscadorProps<T> {
  id?: string;
  /** Accessible name when no label points at it (the product search). */
  ariaLabel?: string;
  /** The chosen row's id (a Form.Item passes it), or null. */
  value?: number | null;
  /** The chosen row, shown by its label before any search (an order being modified). */
  elegido: T | null;
  /** The quick-search hook of the call; '' asks nothing. */
  useBuscar: (texto: string) => UseQueryResult<T[]>;
  keyOf: (row: T) => number;
  labelOf: (row: T) => string;
  /** The spec's text for a search sent empty (spec 3 §5 "Searches with empty text"). */
  vacio: string;
  onElegir: (row: T | null) => void;
  /** Passed by a Form.Item, so the form holds the id. */
  onChange?: (id: number | null) => void;
  placeholder: string;
  notFound: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

/**
 * A row chosen by typing part of it (customer, salesperson, product of the order popup). Enter on an
 * empty box answers the spec's empty-search message instead of calling with nothing.
 */
export function OrdenVentaBuscador<T>(props: BuscadorProps<T>) {
  const { id, ariaLabel, value, elegido, useBuscar, keyOf, labelOf, vacio, onElegir, onChange, placeholder, notFound, allowClear = false, disabled, style } = props;
  const [texto, setTexto] = useState('');
  const buscado = useDebounced(texto.trim(), BUSQUEDA_MS);
  const resultado = useBuscar(buscado);
  const filas = resultado.data ?? [];
  const options = [
    ...(elegido && keyOf(elegido) === value && !filas.some((f) => keyOf(f) === value) ? [elegido] : []),
    ...filas,
  ].map((f) => ({ value: keyOf(f), label: labelOf(f) }));

  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
      loading={resultado.isFetching}
      notFoundContent={buscado ? (resultado.isFetching ? 'Buscando...' : notFound) : placeholder}
      options={options}
      onInputKeyDown={(e) => {
        if (e.key === 'Enter' && !texto.trim()) toast.error(vacio);
      }}
      onChange={(v: number | undefined) => {
        onChange?.(v ?? null);
        onElegir(v === undefined ? null : (filas.find((f) => keyOf(f) === v) ?? elegido));
        setTexto('');
      }}
      style={style}
    />
  );
}
