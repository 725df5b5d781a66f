import { SearchOutlined } from '@ant-design/icons';
import { isSupplier, type BusquedaGrupo } from '@obra/domain';
import { AutoComplete, Button, Input, Spin, Tooltip, Typography, type InputRef } from 'antd';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../base/session';
import { useBusquedaGlobal } from '../../modules/busqueda/api';
import { useDebounced } from '../../ui/useDebounced';

/** The header box answers while typing: shorter than the lists' 1 s (it only reads 5 rows per kind). */
const DELAY_MS = 300;

/** Ctrl+K anywhere, or '/' outside a text field, opens and focuses the box. */
function useShortcut(input: RefObject<InputRef | null>, desplegar: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)) {
        e.preventDefault();
        desplegar();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input, desplegar]);
}

const opciones = (grupos: BusquedaGrupo[]) => grupos.map((g) => ({
  label: <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{g.titulo}</Typography.Text>,
  options: g.filas.map((r) => ({
    value: r.enlace,
    label: (
      <div style={{ display: 'flex', gap: 8, minWidth: 0 }} data-testid={`busqueda-${r.tipo}-${r.id}`}>
        {r.codigo && <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{r.codigo}</Typography.Text>}
        <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>{r.titulo}</Typography.Text>
        {r.detalle && <Typography.Text type="secondary" ellipsis style={{ maxWidth: 140 }}>{r.detalle}</Typography.Text>}
      </div>
    ),
  })),
}));

/**
 * Issue 25: the header's search box over codes, RUC / DNI and names (docs/business-rules.md "Búsqueda global").
 * The first match is active, so Enter opens it; arrows move, Escape closes. Suppliers have no box.
 */
export function GlobalSearch() {
  const session = useSession();
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  // Arrows moved the active row: Enter is the list's own; otherwise Enter opens the first match.
  const [movido, setMovido] = useState(false);
  // Folded to its icon while unused, so the top menu keeps its room (every group of an administrator at 1280 px).
  const [desplegado, setDesplegado] = useState(false);
  const settled = useDebounced(texto.trim(), DELAY_MS);
  const query = useBusquedaGlobal(settled);
  const desplegar = useCallback(() => setDesplegado(true), []);
  useShortcut(input, desplegar);
  useEffect(() => {
    if (desplegado) input.current?.focus();
  }, [desplegado]);
  if (!session || isSupplier(session)) return null;
  if (!desplegado) {
    return (
      <Tooltip title="Buscar código, RUC o nombre (Ctrl+K)">
        <Button type="text" aria-label="Búsqueda global" icon={<SearchOutlined style={{ color: '#fff', fontSize: 18 }} />}
          style={{ width: 36, flex: 'none' }} onClick={desplegar} />
      </Tooltip>
    );
  }

  const activo = texto.trim().length >= 2;
  const esperando = activo && (settled !== texto.trim() || query.isFetching);
  const grupos = activo && settled.length >= 2 ? query.data ?? [] : [];
  const abrir = (enlace: string) => {
    setTexto('');
    setAbierto(false);
    setMovido(false);
    input.current?.blur();
    setDesplegado(false);
    void navigate(enlace);
  };
  const vacio = esperando ? <Spin size="small" /> : activo ? 'Sin resultados' : 'Escriba al menos 2 caracteres';
  return (
    <AutoComplete
      value={texto}
      options={opciones(grupos)}
      open={abierto && texto.trim().length > 0}
      onOpenChange={setAbierto}
      onChange={(v: string) => { setTexto(v); setAbierto(true); setMovido(false); }}
      onSelect={abrir}
      filterOption={false}
      notFoundContent={vacio}
      popupMatchSelectWidth={420}
      style={{ width: 230, flex: 'none', lineHeight: 'normal' }}
      aria-label="Búsqueda global"
    >
      <Input
        ref={input}
        allowClear
        prefix={esperando ? <Spin size="small" /> : <SearchOutlined />}
        placeholder="Buscar código, RUC, nombre (Ctrl+K)"
        onBlur={() => { if (!texto.trim()) setDesplegado(false); }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') setMovido(true);
          if (e.key === 'Escape') { setAbierto(false); setTexto(''); setDesplegado(false); }
          const primera = grupos[0]?.filas[0];
          if (e.key === 'Enter' && !movido && primera) {
            e.preventDefault();
            e.stopPropagation();
            abrir(primera.enlace);
          }
        }}
      />
    </AutoComplete>
  );
}
