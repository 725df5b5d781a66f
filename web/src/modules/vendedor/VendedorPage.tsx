import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { VENDEDOR_ESTADOS, VENDEDOR_MSG, isReadOnly, type Vendedor } from '@obra/domain';
import { Button, Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLookups } from '../../base/lookups';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useVendedores, type VendedorFiltros } from './api';
import { VendedorModal, type VendedorModo } from './VendedorModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';

type Abierto = { modo: VendedorModo; venId: number | null } | null;

/** What the filter form holds; Estado 'todos' stands for no filter (antd Select takes no null value). */
interface FiltroForm {
  ven_id: string;
  ven_nombre: string;
  ven_documento_identidad: string;
  est_id: number | 'todos';
}

const INICIAL: VendedorFiltros = { ven_id: null, ven_nombre: '', ven_documento_identidad: '', est_id: null };
const FORM_INICIAL: FiltroForm = { ven_id: '', ven_nombre: '', ven_documento_identidad: '', est_id: 'todos' };

const filtrosDe = (v: FiltroForm): VendedorFiltros => ({
  ven_id: v.ven_id.trim() || null,
  ven_nombre: v.ven_nombre.trim(),
  ven_documento_identidad: v.ven_documento_identidad.trim(),
  est_id: v.est_id === 'todos' ? null : (v.est_id as 0 | 1),
});

/** Spec 3 §2 /vendedor: filter form, sellers paged 10 on the server by name, and the three popups. */
export function VendedorPage() {
  const list = useListParams<VendedorFiltros>(INICIAL);
  // On opening the statuses load first (only activo and inactivo are kept), then the search runs.
  const lookups = useLookups('estados');
  const estados = VENDEDOR_ESTADOS.flatMap((id) => lookups.data?.estados.filter((e) => e.est_id === id) ?? []);
  const vendedores = useVendedores(list.filters, list.pageQuery, lookups.isSuccess);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [abierto, setAbierto] = useState<Abierto>(null);

  const buscar = (v: FiltroForm) => {
    const f = filtrosDe(v);
    // Buscar again with the same filters asks the server again (someone may have registered a seller).
    if (list.page === 1 && JSON.stringify(f) === JSON.stringify(list.filters)) void vendedores.refetch();
    else list.setFilters(f);
  };

  const estadoOptions = estados.map((e) => ({ value: e.est_id, label: e.est_nombre }));
  const etiqueta = (estId: number) => {
    const e = estados.find((x) => x.est_id === estId);
    return e ? <StatusTag text={e.est_nombre} color={e.est_styles} /> : <StatusTag estId={estId} />;
  };

  const acciones = (v: Vendedor) => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setAbierto({ modo: 'ver', venId: v.ven_id }) },
    { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setAbierto({ modo: 'modificar', venId: v.ven_id }) },
  ];

  const columns: TableColumnsType<Vendedor> = [
    { title: 'ID', dataIndex: 'ven_id', width: 80 },
    textColumn('Vendedor', 'ven_nombre'),
    { title: 'Documento', dataIndex: 'ven_documento_identidad', width: 140 },
    textColumn('Teléfono', 'ven_telefono', { width: 170 }),
    exportarComo({ title: 'Estado', dataIndex: 'est_id', width: 120, render: etiqueta }, { valores: { ...VALORES_ESTADO, ...Object.fromEntries(estados.map((e) => [String(e.est_id), e.est_nombre])) } }),
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: Math.max(96, rowActionsWidth(readOnly ? 1 : 2)),
      render: (_, v) => <RowActions name={v.ven_nombre} actions={acciones(v)} />,
    },
  ];

  return (
    <ListPage<Vendedor>
      title="Vendedores"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto({ modo: 'registrar', venId: null })}>
            Registrar
          </Button>
        )
      }
      filters={
        // Enter in any box submits the form: the search runs with every filter at once.
        <Form<FiltroForm> name="filtro_vendedor" layout="vertical" initialValues={FORM_INICIAL} onFinish={buscar}
          style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Form.Item label="ID" name="ven_id" style={{ marginBottom: 0 }}>
            <Input inputMode="numeric" maxLength={10} allowClear style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="Vendedor" name="ven_nombre" style={{ marginBottom: 0 }}>
            <Input placeholder="Nombre" maxLength={150} allowClear style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label="Documento" name="ven_documento_identidad" style={{ marginBottom: 0 }}>
            <Input placeholder="DNI o RUC" maxLength={15} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Estado" name="est_id" style={{ marginBottom: 0 }}>
            <Select options={[{ value: 'todos', label: 'Todos' }, ...estadoOptions]} style={{ width: 140 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={vendedores.isFetching}>
            Buscar
          </Button>
        </Form>
      }
      rowKey="ven_id"
      columns={columns}
      {...list.table(vendedores)}
      exportar={{ ruta: '/vendedor/buscar', consulta: { vendedor: list.filters }, nombre: 'vendedores' }}
      emptyText={VENDEDOR_MSG.vacio}
      minWidth={900}
    >
      {abierto && <VendedorModal modo={abierto.modo} venId={abierto.venId} estados={estadoOptions} onClose={() => setAbierto(null)} />}
    </ListPage>
  );
}
