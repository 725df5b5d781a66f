import { EditOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { isCorporate, isReadOnly, isSuper, type EmpleadoRow } from '@obra/domain';
import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { sessionModules, sessionRoleIds, useSession } from '../../base/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useEmpleados } from './api';
import { CargarEmpleadosModal } from './CargarEmpleadosModal';
import type { EmpleadoGrants } from './EmpleadoFields';
import { EmpleadoModal } from './EmpleadoModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

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

  const list = useListParams<{ emp_search: string; emp_estado: ActivoValue }>({ emp_search: '', emp_estado: 1 });
  const empleados = useEmpleados({ empleado: { ...list.filters, page: list.pageQuery } });
  const [editing, setEditing] = useState<Editing>(null);
  useVerParam((empId) => setEditing({ empId }));
  const [loading, setLoading] = useState(false);

  const columns: TableColumnsType<EmpleadoRow> = [
    { title: 'DNI', dataIndex: 'emp_dni', width: 110 },
    textColumn('Nombre', 'emp_nombre_completo'),
    textColumn('Puesto', 'pue_nombre'),
    // In the file, the user's e-mail (the tag's tooltip) or nothing.
    exportarComo({
      title: 'Usuario',
      key: 'usuario',
      align: 'center',
      width: 100,
      render: (_, e: EmpleadoRow) => (e.usu_id === null ? <Tag>NO</Tag> : <Tag color="blue" title={e.usu_correo ?? undefined}>SÍ</Tag>),
    }, { campo: 'usu_correo' }),
    exportarComo({ title: 'Estado', dataIndex: 'est_id', width: 110, render: (estado: number) => <StatusTag estId={estado} /> }, { valores: VALORES_ESTADO }),
  ];

  return (
    <ListPage<EmpleadoRow>
      title="Empleados"
      actions={
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
      filters={
        <>
          <SearchFilter placeholder="Nombre, apellido o DNI" onSearch={(emp_search) => list.setFilters({ emp_search })} />
          <ActivoFilter value={list.filters.emp_estado} onChange={(emp_estado) => list.setFilters({ emp_estado })} />
        </>
      }
      rowKey="emp_id"
      columns={columns}
      {...list.table(empleados)}
      exportar={{ ruta: '/empleado/paginar', consulta: { empleado: list.filters }, nombre: 'empleados' }}
      emptyText="No se encontraron Empleados"
      rowName={(e) => e.emp_nombre_completo}
      rowActions={(e) => [
        grants.readOnly
          ? { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setEditing({ empId: e.emp_id }) }
          : { key: 'editar', label: 'Editar', icon: <EditOutlined />, onClick: () => setEditing({ empId: e.emp_id }) },
      ]}
    >
      {editing && <EmpleadoModal empId={editing.empId} grants={grants} defaultPryId={ownProject} onClose={() => setEditing(null)} />}
      {!grants.readOnly && <CargarEmpleadosModal open={loading} defaultPryId={ownProject} onClose={() => setLoading(false)} />}
    </ListPage>
  );
}
