import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE, PVT_MSG, isReadOnly, type ProductoVentaRow } from '@obra/domain';
import { Button, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';
import { StatusTag } from '../../ui/StatusTag';
import { useProductosVenta, type ProductoVentaFiltros } from './api';
import { ESTADO_OPTIONS, ProductoVentaModal, type ProductoVentaModo } from './ProductoVentaModal';

type Abierto = { modo: ProductoVentaModo; pvtId: number | null } | null;

/** The filter form; Estado 'todos' stands for no filter (antd Select takes no null value). */
interface FiltroForm {
  pvt_nombre: string;
  est_id: number | 'todos';
}

const FORM_INICIAL: FiltroForm = { pvt_nombre: '', est_id: 'todos' };

/** Spec 3 §2 /productoVenta: the catalogue searched on the server and paged here, 10 a page. */
export function ProductoVentaPage() {
  const [filtros, setFiltros] = useState<ProductoVentaFiltros>({ pvt_nombre: '', est_id: null });
  const [page, setPage] = useState(1);
  const productos = useProductosVenta(filtros);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [abierto, setAbierto] = useState<Abierto>(null);

  const todos = productos.data;
  const rows = todos?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const buscar = (v: FiltroForm) => {
    const nuevos = { pvt_nombre: v.pvt_nombre.trim(), est_id: v.est_id === 'todos' ? null : (v.est_id as 0 | 1) };
    setPage(1);
    // Buscar again with the same filters asks the server again (someone may have added products).
    if (nuevos.pvt_nombre === filtros.pvt_nombre && nuevos.est_id === filtros.est_id) void productos.refetch();
    else setFiltros(nuevos);
  };

  const acciones = (p: ProductoVentaRow) => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setAbierto({ modo: 'ver', pvtId: p.pvt_id }) },
    { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setAbierto({ modo: 'modificar', pvtId: p.pvt_id }) },
  ];

  const columns: TableColumnsType<ProductoVentaRow> = [
    textColumn('Nombre', 'pvt_nombre'),
    exportarComo({
      // Issue 24: a service (pumping) is not carried by a mixer and needs no dispatch.
      title: 'Despacho', dataIndex: 'pvt_despacho_mixer', width: 150,
      render: (mixer: boolean) => (mixer ? 'En mixer' : <Typography.Text type="secondary">No requiere</Typography.Text>),
    }, { valores: { true: 'En mixer', false: 'No requiere' } }),
    exportarComo({ title: 'Estado', dataIndex: 'est_id', width: 130, render: (estId: number) => <StatusTag estId={estId} /> }, { valores: VALORES_ESTADO }),
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: Math.max(96, rowActionsWidth(readOnly ? 1 : 2)),
      render: (_, p) => <RowActions name={p.pvt_nombre} actions={acciones(p)} />,
    },
  ];

  return (
    <ListPage<ProductoVentaRow>
      title="Productos de Venta"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto({ modo: 'registrar', pvtId: null })}>
            Nuevo
          </Button>
        )
      }
      filters={
        // Enter in the name submits the form (spec 3 §2).
        <Form<FiltroForm> name="filtro_producto_venta" layout="vertical" initialValues={FORM_INICIAL} onFinish={buscar}
          style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Form.Item label="Nombre" name="pvt_nombre" style={{ marginBottom: 0 }}>
            <Input placeholder="Nombre del producto" maxLength={200} allowClear style={{ width: 300 }} />
          </Form.Item>
          <Form.Item label="Estado" name="est_id" style={{ marginBottom: 0 }}>
            <Select options={[{ value: 'todos', label: 'Todos' }, ...ESTADO_OPTIONS]} style={{ width: 140 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={productos.isFetching}>
            Buscar
          </Button>
        </Form>
      }
      rowKey="pvt_id"
      columns={columns}
      exportar={{ ruta: '/productoVenta/buscar', consulta: { producto_venta: filtros }, nombre: 'productos-venta' }}
      rows={rows}
      total={todos?.length}
      page={page}
      onPageChange={setPage}
      loading={productos.isFetching}
      emptyText={PVT_MSG.vacio}
      minWidth={700}
    >
      {abierto && <ProductoVentaModal modo={abierto.modo} pvtId={abierto.pvtId} onClose={() => setAbierto(null)} />}
    </ListPage>
  );
}
