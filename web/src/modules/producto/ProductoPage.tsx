import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Envelope, ProductoRow } from '@obra/domain';
import { PAGE_SIZE, PRODUCTO_ESTADO, PRODUCTO_MSG, productoEstadoNombre } from '@obra/domain';
import { Button, Flex, Popconfirm, Select, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { toast } from '../../ui/toast';
import { XlsxImportModal } from '../../ui/XlsxImportModal';
import {
  IMPORT_PATH, TEMPLATE_FILE, TEMPLATE_PATH, buscarIndice, useAfterImport, useDeshabilitarProducto, useHabilitarProducto, useOpciones,
  useProductos, useTipos, type ProductoFiltros,
} from './api';
import { ProductoModal, type ProductoModo } from './ProductoModal';
import { useCanRegistrar } from './useCanRegistrar';

type Editing = { modo: ProductoModo; prvId: number | null } | null;

const ESTADO_OPTIONS = [
  { value: 'todos', label: 'Todos' },
  { value: PRODUCTO_ESTADO.HABILITADO, label: 'Habilitado' },
  { value: PRODUCTO_ESTADO.DESHABILITADO, label: 'Deshabilitado' },
];

const INITIAL: ProductoFiltros = { prv_nombre: '', cat_id: null, tip_id: null, prv_estado: null };
/** How long a just-saved product stays marked in the list. */
const HIGHLIGHT_MS = 4000;

/** Spec 3 "Purchasing product catalogue" (/producto): searched, filtered and paged on the server. */
export function ProductoPage() {
  const [filters, setFiltersState] = useState<ProductoFiltros>(INITIAL);
  const [page, setPage] = useState(1);
  const productos = useProductos(filters, page, PAGE_SIZE);
  const opciones = useOpciones();
  const tipos = useTipos(filters.cat_id);
  const canWrite = useCanRegistrar();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const deshabilitar = useDeshabilitarProducto();
  const habilitar = useHabilitarProducto();
  const afterImport = useAfterImport();

  useEffect(() => {
    if (highlight === null) return;
    const timer = window.setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlight]);

  const setFilters = (patch: Partial<ProductoFiltros>) => {
    setFiltersState((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  /** Opens the page where the saved product sits under the current filters, and marks it. */
  const showSaved = async (prvId: number) => {
    const found = await buscarIndice({ producto: { ...filters, prv_id: prvId, page: { size: PAGE_SIZE } } }).catch(() => null);
    if (!found) return;
    setPage(found.page);
    setHighlight(prvId);
  };

  const cambiarEstado = async (p: ProductoRow) => {
    const mutation = p.prv_estado === PRODUCTO_ESTADO.DESHABILITADO ? habilitar : deshabilitar;
    const reply = await mutation.mutateAsync({ producto: { prv_id: p.prv_id } }).catch(() => null);
    if (reply) toast.success(reply.message);
  };

  const columns: TableColumnsType<ProductoRow> = [
    { title: 'ID', dataIndex: 'prv_id', width: 80 },
    { title: 'Categoría', dataIndex: 'cat_nombre' },
    { title: 'Tipo', dataIndex: 'tip_nombre' },
    { title: 'Nombre', dataIndex: 'prv_nombre' },
    { title: 'Marca', dataIndex: 'mar_nombre', render: (m: string | null) => m ?? '-' },
    { title: 'Unidad', dataIndex: 'unm_simbolo', width: 90 },
    {
      title: 'Estado',
      dataIndex: 'prv_estado',
      width: 130,
      render: (estado: number) => (
        <Tag color={estado === PRODUCTO_ESTADO.DESHABILITADO ? 'default' : 'success'}>{productoEstadoNombre(estado)}</Tag>
      ),
    },
    {
      title: 'Opciones',
      key: 'opciones',
      width: 300,
      render: (_, p) =>
        canWrite ? (
          <Flex gap={4} wrap>
            <Button type="link" size="small" onClick={() => setEditing({ modo: 'modificar', prvId: p.prv_id })}>
              Modificar
            </Button>
            <Button type="link" size="small" onClick={() => setEditing({ modo: 'duplicar', prvId: p.prv_id })}>
              Duplicar
            </Button>
            {p.prv_estado === PRODUCTO_ESTADO.DESHABILITADO ? (
              <Popconfirm title={`¿Desea habilitar el producto "${p.prv_nombre}"?`} okText="Habilitar" cancelText="Cancelar" onConfirm={() => cambiarEstado(p)}>
                <Button type="link" size="small">
                  Habilitar
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm
                title={`¿Desea deshabilitar el producto "${p.prv_nombre}"?`}
                description="No se podrá elegir en nuevos pedidos ni órdenes."
                okText="Deshabilitar"
                okButtonProps={{ danger: true }}
                cancelText="Cancelar"
                onConfirm={() => cambiarEstado(p)}
              >
                <Button type="link" size="small" danger>
                  Deshabilitar
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ) : (
          <Button type="link" size="small" onClick={() => setEditing({ modo: 'ver', prvId: p.prv_id })}>
            Ver
          </Button>
        ),
    },
  ];

  const categorias = (opciones.data?.categorias ?? []).map((c) => ({ value: c.cat_id, label: c.cat_nombre }));
  const tipoOptions = (tipos.data ?? []).map((t) => ({ value: t.tip_id, label: t.tip_nombre }));

  return (
    <>
      <PageHeader
        title="Productos"
        extra={
          canWrite && (
            <Flex gap={8}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                Importar
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ modo: 'registrar', prvId: null })}>
                Nuevo
              </Button>
            </Flex>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por nombre del producto" onSearch={(prv_nombre) => setFilters({ prv_nombre })} />
        <Select<number>
          aria-label="Categoría"
          placeholder="Categoría"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={categorias}
          value={filters.cat_id ?? undefined}
          onChange={(cat_id) => setFilters({ cat_id: cat_id ?? null, tip_id: null })}
          style={{ width: 240 }}
        />
        <Select<number>
          aria-label="Tipo"
          placeholder={filters.cat_id ? 'Tipo' : 'Tipo (elija la categoría)'}
          allowClear
          disabled={!filters.cat_id}
          showSearch={{ optionFilterProp: 'label' }}
          options={tipoOptions}
          value={filters.tip_id ?? undefined}
          onChange={(tip_id) => setFilters({ tip_id: tip_id ?? null })}
          style={{ width: 220 }}
        />
        <Select<number | string>
          aria-label="Estado"
          options={ESTADO_OPTIONS}
          value={filters.prv_estado ?? 'todos'}
          onChange={(v) => setFilters({ prv_estado: v === 0 || v === 1 ? v : null })}
          style={{ width: 150 }}
        />
      </Flex>
      <DataTable<ProductoRow>
        rowKey="prv_id"
        columns={columns}
        rows={productos.data?.data}
        total={productos.data?.total}
        page={page}
        onPageChange={setPage}
        loading={productos.isFetching}
        emptyText={PRODUCTO_MSG.empty}
        onRow={(p) => (p.prv_id === highlight ? { style: { background: '#e6f4ff' }, 'aria-current': true } : {})}
      />
      {editing && (
        <ProductoModal modo={editing.modo} prvId={editing.prvId} onClose={() => setEditing(null)} onSaved={(id) => void showSaved(id)} />
      )}
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
    </>
  );
}
