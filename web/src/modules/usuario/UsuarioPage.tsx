import { PlusOutlined } from '@ant-design/icons';
import { isReadOnly } from '@obra/domain';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../app/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import type { UsuarioRow } from '@obra/domain';
import { useUsuarios } from './api';
import { nivelLabel } from './niveles';
import { UsuarioModal } from './UsuarioModal';

/** Which popup is open: a new user (usuId null) or the user being modified. */
type Editing = { usuId: number | null } | null;

/** Spec 1 §2.1 /usuario: the system users, searched and paged on the server. */
export function UsuarioPage() {
  const list = useListParams<{ search: string; usu_estado: ActivoValue }>({ search: '', usu_estado: 1 });
  const usuarios = useUsuarios(list.params);
  const [editing, setEditing] = useState<Editing>(null);
  // VISUALIZADOR may look but not change (DECISIONS §1): no 'Nuevo', and the popup only shows.
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  const columns: TableColumnsType<UsuarioRow> = [
    { title: 'Nombre', key: 'nombre', render: (_, u) => `${u.usu_nombre} ${u.usu_apellido}` },
    { title: 'DNI', dataIndex: 'usu_dni' },
    { title: 'Correo', dataIndex: 'usu_correo' },
    { title: 'Nivel', dataIndex: 'usu_nivel', render: (nivel: number) => nivelLabel(nivel) },
    { title: 'Proyecto', dataIndex: 'pry_nombre' },
    { title: 'Roles', dataIndex: 'roles' },
    { title: 'Estado', dataIndex: 'usu_estado', render: (estado: number) => <StatusTag estId={estado} /> },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_, u) => (
        <Button type="link" onClick={() => setEditing({ usuId: u.usu_id })}>
          {readOnly ? 'Ver' : 'Modificar'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Usuarios"
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ usuId: null })}>
              Nuevo
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por nombre, DNI o correo" onSearch={(search) => list.setFilters({ search })} />
        <ActivoFilter value={list.filters.usu_estado} onChange={(usu_estado) => list.setFilters({ usu_estado })} />
      </Flex>
      <DataTable<UsuarioRow>
        rowKey="usu_id"
        columns={columns}
        rows={usuarios.data?.data}
        total={usuarios.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={usuarios.isFetching}
        emptyText="No se encontraron Usuarios"
      />
      {editing && <UsuarioModal usuId={editing.usuId} readOnly={readOnly} onClose={() => setEditing(null)} />}
    </>
  );
}
