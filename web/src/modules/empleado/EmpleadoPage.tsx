import { EditOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { isCorporate, isReadOnly, isSuper, PAGE_SIZE, type EmpleadoRow } from '@obra/domain';
import { Button, Flex, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { sessionModules, sessionRoleIds, useSession } from '../../app/session';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useEmpleados } from './api';
import { CargarEmpleadosModal } from './CargarEmpleadosModal';
import type { EmpleadoGrants } from './EmpleadoFields';
import { EmpleadoModal } from './EmpleadoModal';

type Estado = 0 | 1 | null;

// antd Select refuses a null option value, so 'Todos los estados' is a string inside the widget only.
const TODOS = 'todos';
const ESTADO_OPTIONS = [
  { value: TODOS, label: 'Todos los estados' },
  { value: 1, label: 'Activo' },
  { value: 0, label: 'Inactivo' },
];

/** Which popup is open: a new employee (empId null) or the employee being modified. */
type Editing = { empId: number | null } | null;

/** Spec 2 "Employees screen" (/empleado): searched and paged on the server, active by default (§9). */
export function EmpleadoPage() {
  const session = useSession();
  const roleIds = session ? sessionRoleIds(session) : [];
  // VISUALIZADOR may look but not change (DECISIONS §1): no 'Nuevo' nor load, and the popup only shows.
  const grants: EmpleadoGrants = {
    readOnly: isReadOnly({ roleIds }),
    createsUsers: session ? sessionModules(session).includes('usuario') : false,
    corporate: session ? isCorporate(session) : false,
    grantsSuper: isSuper({ roleIds }),
  };
  const ownProject = session && !grants.corporate ? session.pry_id : null;

  const list = useListParams<{ emp_search: string; emp_estado: Estado }>({ emp_search: '', emp_estado: 1 });
  const empleados = useEmpleados({ empleado: { ...list.filters, page: { number: list.page, size: PAGE_SIZE } } });
  const [editing, setEditing] = useState<Editing>(null);
  const [loading, setLoading] = useState(false);

  const columns: TableColumnsType<EmpleadoRow> = [
    { title: 'DNI', dataIndex: 'emp_dni', width: 120 },
    { title: 'Nombre', dataIndex: 'emp_nombre_completo' },
    { title: 'Puesto', dataIndex: 'pue_nombre' },
    {
      title: 'Usuario',
      key: 'usuario',
      align: 'center',
      render: (_, e) => (e.usu_id === null ? <Tag>NO</Tag> : <Tag color="blue" title={e.usu_correo ?? undefined}>SI</Tag>),
    },
    { title: 'Estado', dataIndex: 'est_id', render: (estado: number) => <StatusTag estId={estado} /> },
    {
      title: grants.readOnly ? 'Ver' : 'Modificar',
      key: 'modificar',
      align: 'center',
      render: (_, e) => (
        <Button
          type="text"
          icon={grants.readOnly ? <EyeOutlined /> : <EditOutlined />}
          aria-label={`${grants.readOnly ? 'Ver' : 'Modificar'} ${e.emp_nombre_completo}`}
          title={grants.readOnly ? 'Ver' : 'Modificar'}
          onClick={() => setEditing({ empId: e.emp_id })}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Empleados"
        extra={
          !grants.readOnly && (
            <Flex gap={8} wrap>
              <Button icon={<UploadOutlined />} onClick={() => setLoading(true)}>
                Cargar desde archivo
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ empId: null })}>
                Nuevo
              </Button>
            </Flex>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por nombre, apellido o DNI" onSearch={(emp_search) => list.setFilters({ emp_search })} />
        <Select<number | string>
          aria-label="Estado"
          value={list.filters.emp_estado ?? TODOS}
          options={ESTADO_OPTIONS}
          onChange={(v) => list.setFilters({ emp_estado: v === 0 || v === 1 ? v : null })}
          style={{ width: 180 }}
        />
      </Flex>
      <DataTable<EmpleadoRow>
        rowKey="emp_id"
        columns={columns}
        rows={empleados.data?.data}
        total={empleados.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={empleados.isFetching}
        emptyText="No se encontraron Empleados"
      />
      {editing && <EmpleadoModal empId={editing.empId} grants={grants} defaultPryId={ownProject} onClose={() => setEditing(null)} />}
      {!grants.readOnly && <CargarEmpleadosModal open={loading} defaultPryId={ownProject} onClose={() => setLoading(false)} />}
    </>
  );
}
