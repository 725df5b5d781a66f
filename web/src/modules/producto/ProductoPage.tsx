import { AuditOutlined, CheckCircleOutlined, CopyOutlined, EditOutlined, EyeOutlined, PlusOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import type { Envelope, ProductoRow } from '@obra/domain';
import { PAGE_SIZE, PRODUCTO_ESTADO, PRODUCTO_MSG, productoEstadoNombre } from '@obra/domain';
import { Button, Flex, Select, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { textColumn } from '../../ui/CellText';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { XlsxImportModal } from '../../ui/XlsxImportModal';
import {
  IMPORT_PATH, TEMPLATE_FILE, TEMPLATE_PATH, buscarIndice, useAfterImport, useDeshabilitarProducto, useHabilitarProducto, useOpciones,
  useProductos, useTipos, type ProductoFiltros,
} from './api';
import { ProductoModal, type ProductoModo } from './ProductoModal';
import { TiposExistenciaModal } from './TiposExistenciaModal';
import { useCanRegistrar } from './useCanRegistrar';
import { exportarComo } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

type Editing = { modo: ProductoModo; prvId: number | null } | null;

const ESTADO_OPTIONS: { value: 0 | 1; label: string }[] = [
  { value: PRODUCTO_ESTADO.HABILITADO, label: 'Habilitado' },
  { value: PRODUCTO_ESTADO.DESHABILITADO, label: 'Deshabilitado' },
];

const INITIAL: ProductoFiltros = { prv_nombre: '', cat_id: null, tip_id: null, prv_estado: null };
/** How long a just-saved product stays marked in the list. */
const HIGHLIGHT_MS = 4000;

/** Spec 3 "Purchasing product catalogue" (/producto): searched, filtered and paged on the server. */
export function ProductoPage() {
  const list = useListParams<ProductoFiltros>(INITIAL);
  const { filters, setFilters } = list;
  const productos = useProductos(filters, list.pageQuery);
  const opciones = useOpciones();
  const tipos = useTipos(filters.cat_id);
  const canWrite = useCanRegistrar();
  const [editing, setEditing] = useState<Editing>(null);
  useVerParam((prvId) => setEditing({ modo: canWrite ? 'modificar' : 'ver', prvId }));
  const [importing, setImporting] = useState(false);
  const [tiposExistencia, setTiposExistencia] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const deshabilitar = useDeshabilitarProducto();
  const habilitar = useHabilitarProducto();
  const afterImport = useAfterImport();

  useEffect(() => {
    if (highlight === null) return;
    const timer = window.setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlight]);

  /** Opens the page where the saved product sits under the current filters, and marks it. */
  const showSaved = async (prvId: number) => {
    const found = await buscarIndice({ producto: { ...filters, prv_id: prvId, page: { size: PAGE_SIZE } } }).catch(() => null);
    if (!found) return;
    list.setPage(found.page);
    setHighlight(prvId);
  };

  const cambiarEstado = async (p: ProductoRow) => {
    const mutation = p.prv_estado === PRODUCTO_ESTADO.DESHABILITADO ? habilitar : deshabilitar;
    toast.success((await mutation.mutateAsync({ producto: { prv_id: p.prv_id } })).message);
  };

  const columns: TableColumnsType<ProductoRow> = [
    { title: 'ID', dataIndex: 'prv_id', width: 64 },
    textColumn('Categoría', 'cat_nombre', { width: 220 }),
    textColumn('Tipo', 'tip_nombre', { width: 200 }),
    textColumn('Nombre', 'prv_nombre'),
    textColumn('Marca', 'mar_nombre', { width: 180 }),
    { title: 'Unidad', dataIndex: 'unm_simbolo', width: 80 },
    exportarComo({
      title: 'Estado',
      dataIndex: 'prv_estado',
      width: 120,
      render: (estado: number) => (
        <Tag color={estado === PRODUCTO_ESTADO.DESHABILITADO ? 'default' : 'success'}>{productoEstadoNombre(estado)}</Tag>
      ),
    }, { valores: { 0: productoEstadoNombre(0), 1: productoEstadoNombre(1) } }),
  ];

  const rowActions = (p: ProductoRow): RowAction[] => {
    const habilitado = p.prv_estado !== PRODUCTO_ESTADO.DESHABILITADO;
    return [
      { key: 'ver', label: 'Ver', icon: <EyeOutlined />, hidden: canWrite, onClick: () => setEditing({ modo: 'ver', prvId: p.prv_id }) },
      { key: 'editar', label: 'Editar', icon: <EditOutlined />, hidden: !canWrite, onClick: () => setEditing({ modo: 'modificar', prvId: p.prv_id }) },
      { key: 'duplicar', label: 'Duplicar', icon: <CopyOutlined />, hidden: !canWrite, onClick: () => setEditing({ modo: 'duplicar', prvId: p.prv_id }) },
      {
        key: 'estado',
        label: habilitado ? 'Deshabilitar' : 'Habilitar',
        icon: habilitado ? <StopOutlined /> : <CheckCircleOutlined />,
        danger: habilitado,
        hidden: !canWrite,
        confirm: `¿Desea ${habilitado ? 'deshabilitar' : 'habilitar'} el producto "${p.prv_nombre}"?`,
        confirmDetail: habilitado ? 'No se podrá elegir en nuevos pedidos ni órdenes.' : undefined,
        onClick: () => cambiarEstado(p),
      },
    ];
  };

  const categorias = (opciones.data?.categorias ?? []).map((c) => ({ value: c.cat_id, label: c.cat_nombre }));
  const tipoOptions = (tipos.data ?? []).map((t) => ({ value: t.tip_id, label: t.tip_nombre }));

  return (
    <ListPage<ProductoRow>
      title="Productos"
      actions={
        canWrite && (
          <Flex gap={8}>
            <Button icon={<AuditOutlined />} onClick={() => setTiposExistencia(true)}>
              Tipos de existencia SUNAT
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Importar
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ modo: 'registrar', prvId: null })}>
              Nuevo
            </Button>
          </Flex>
        )
      }
      filters={
        <>
          <SearchFilter placeholder="Nombre del producto" onSearch={(prv_nombre) => setFilters({ prv_nombre })} width={280} />
          <FilterField label="Categoría">
            {(id) => (
              <Select<number>
                id={id}
                placeholder="Todas"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={categorias}
                value={filters.cat_id ?? undefined}
                onChange={(cat_id) => setFilters({ cat_id: cat_id ?? null, tip_id: null })}
                style={{ width: 220 }}
              />
            )}
          </FilterField>
          <FilterField label="Tipo">
            {(id) => (
              <Select<number>
                id={id}
                placeholder={filters.cat_id ? 'Todos' : 'Elija la categoría'}
                allowClear
                disabled={!filters.cat_id}
                showSearch={{ optionFilterProp: 'label' }}
                options={tipoOptions}
                value={filters.tip_id ?? undefined}
                onChange={(tip_id) => setFilters({ tip_id: tip_id ?? null })}
                style={{ width: 200 }}
              />
            )}
          </FilterField>
          <SelectFilter<0 | 1> label="Estado" value={filters.prv_estado ?? null} options={ESTADO_OPTIONS} onChange={(prv_estado) => setFilters({ prv_estado })} />
        </>
      }
      rowKey="prv_id"
      columns={columns}
      {...list.table(productos)}
      exportar={{ ruta: '/productoVendor/buscar', consulta: { producto: filters }, nombre: 'productos' }}
      emptyText={PRODUCTO_MSG.empty}
      onRow={(p) => (p.prv_id === highlight ? { style: { background: '#e6f4ff' }, 'aria-current': true } : {})}
      rowName={(p) => p.prv_nombre}
      rowActions={rowActions}
    >
      {editing && (
        <ProductoModal modo={editing.modo} prvId={editing.prvId} onClose={() => setEditing(null)} onSaved={(id) => void showSaved(id)} />
      )}
      {tiposExistencia && <TiposExistenciaModal onClose={() => setTiposExistencia(false)} />}
      <XlsxImportModal<ProductoRow[]>
        open={importing}
        title="Importar Productos"
        onClose={() => setImporting(false)}
        templatePath={TEMPLATE_PATH}
        templateFileName={TEMPLATE_FILE}
        uploadPath={IMPORT_PATH}
        onLoaded={(reply: Envelope<ProductoRow[]>) => {
          toast.success(reply.message);
          void afterImport();
        }}
      />
    </ListPage>
  );
}
