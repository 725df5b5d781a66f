import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE, ROL_MSG, ROLE, isReadOnly, rolEtiqueta, type RolFila } from '@obra/domain';
import { Button, Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { useRoles, type RolFiltros } from './api';
import { RolModal, type RolModo } from './RolModal';

type Abierto = { modo: RolModo; rolId: number | null } | null;

interface FiltroForm {
  search: string;
  est_id: 0 | 1 | 'todos';
}

const FORM_INICIAL: FiltroForm = { search: '', est_id: 'todos' };

/** Administración → Roles (issue 26): the roles, their users and modules, and the popup that edits them. */
export function RolPage() {
  const [filtros, setFiltros] = useState<RolFiltros>({ search: null, est_id: null });
  const [page, setPage] = useState(1);
  const roles = useRoles(filtros);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [abierto, setAbierto] = useState<Abierto>(null);
  const todos = roles.data;
  const rows = todos?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const buscar = (v: FiltroForm) => {
    const nuevos: RolFiltros = { search: v.search.trim() || null, est_id: v.est_id === 'todos' ? null : v.est_id };
    setPage(1);
    if (nuevos.search === filtros.search && nuevos.est_id === filtros.est_id) void roles.refetch();
    else setFiltros(nuevos);
  };

  const acciones = (r: RolFila) => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setAbierto({ modo: 'ver', rolId: r.rol_id }) },
    { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setAbierto({ modo: 'modificar', rolId: r.rol_id }) },
  ];

  const columns: TableColumnsType<RolFila> = [
    exportarComo({
      title: 'Rol', dataIndex: 'rol_nombre', width: 220,
      render: (nombre: string, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {rolEtiqueta(nombre)} {r.rol_sistema && <Tag style={{ marginLeft: 6 }}>Sistema</Tag>}
        </span>
      ),
    }, { tipo: 'text' }),
    {
      title: 'Descripción', dataIndex: 'rol_descripcion',
      render: (d: string | null) => (d ? <Typography.Text ellipsis={{ tooltip: d }}>{d}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    exportarComo({ title: 'Usuarios activos', dataIndex: 'usuarios', width: 140, align: 'right' }, { tipo: 'int' }),
    exportarComo({
      title: 'Módulos', dataIndex: 'modulos', width: 110, align: 'right',
      render: (n: number, r) => (r.rol_id === ROLE.SUPER ? 'Todos' : n),
    }, { tipo: 'int' }),
    exportarComo({
      title: 'Segundo factor', dataIndex: 'rol_requiere_segundo_factor', width: 140,
      render: (v: boolean) => (v ? <Tag color="blue">Exigido</Tag> : <Typography.Text type="secondary">Opcional</Typography.Text>),
    }, { valores: { true: 'Exigido', false: 'Opcional' } }),
    exportarComo({ title: 'Estado', dataIndex: 'rol_estado', width: 110, render: (e: number) => <StatusTag estId={e} /> }, { valores: VALORES_ESTADO }),
    {
      title: 'Opciones', key: 'opciones', align: 'center', fixed: 'right',
      width: Math.max(96, rowActionsWidth(readOnly ? 1 : 2)),
      render: (_, r) => <RowActions name={rolEtiqueta(r.rol_nombre)} actions={acciones(r)} />,
    },
  ];

  return (
    <ListPage<RolFila>
      title="Roles"
      actions={!readOnly && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto({ modo: 'registrar', rolId: null })}>Nuevo</Button>
      )}
      filters={
        <Form<FiltroForm> name="filtro_rol" layout="vertical" initialValues={FORM_INICIAL} onFinish={buscar}
          style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Form.Item label="Nombre" name="search" style={{ marginBottom: 0 }}>
            <Input placeholder="Nombre del rol" maxLength={40} allowClear style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label="Estado" name="est_id" style={{ marginBottom: 0 }}>
            <Select options={[{ value: 'todos', label: 'Todos' }, { value: 1, label: 'Activo' }, { value: 0, label: 'Inactivo' }]} style={{ width: 140 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={roles.isFetching}>Buscar</Button>
        </Form>
      }
      rowKey="rol_id"
      columns={columns}
      rows={rows}
      total={todos?.length}
      page={page}
      onPageChange={setPage}
      loading={roles.isFetching}
      exportar={{ ruta: '/rol/listar', consulta: { rol: filtros }, nombre: 'roles' }}
      emptyText={ROL_MSG.vacio}
      minWidth={960}
    >
      {abierto && <RolModal modo={abierto.modo} rolId={abierto.rolId} onClose={() => setAbierto(null)} />}
    </ListPage>
  );
}
