import type { EmpleadoRapido } from '@obra/domain';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useDebounced } from '../../ui/useDebounced';
import { useEmpleados } from './api';

interface EmpleadoSelectProps {
  id?: string;
  /** Optional only because a Form.Item passes value and onChange itself. */
  value?: number | null;
  onChange?: (empId: number | null) => void;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

const label = (e: EmpleadoRapido) => (e.pry_nombre ? `${e.emp_nombre_completo} | ${e.pry_nombre}` : e.emp_nombre_completo);

/**
 * An active employee of the user's scope chosen by typing part of the name or DNI (requester,
 * authoriser, the history by requester). The chosen one keeps its name while the next search lists others.
 */
export function EmpleadoSelect({ id, value, onChange, placeholder = 'Escriba el nombre o DNI', style, ...rest }: EmpleadoSelectProps) {
  const [texto, setTexto] = useState('');
  const empleados = useEmpleados(useDebounced(texto.trim(), 300));
  const [elegido, setElegido] = useState<EmpleadoRapido | null>(null);
  const lista = empleados.data ?? [];
  const options = [...(elegido && elegido.emp_id === value && !lista.some((e) => e.emp_id === elegido.emp_id) ? [elegido] : []), ...lista]
    .map((e) => ({ value: e.emp_id, label: label(e) }));
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setTexto }}
      loading={empleados.isFetching}
      notFoundContent={empleados.isFetching ? 'Buscando...' : 'No se encontraron empleados'}
      options={options}
      popupMatchSelectWidth={false}
      onChange={(empId: number | undefined) => {
        setElegido(lista.find((e) => e.emp_id === empId) ?? null);
        onChange?.(empId ?? null);
      }}
      style={style}
    />
  );
}
