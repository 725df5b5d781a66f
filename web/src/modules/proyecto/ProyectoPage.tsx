import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import type { ProyectoRow } from '@obra/domain';
import { isReadOnly } from '@obra/domain';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds, useSession } from '../../base/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { textColumn } from '../../ui/CellText';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useProyectos } from './api';
import { AsignarEmpleadosModal } from './AsignarEmpleadosModal';
import { ProyectoModal } from './ProyectoModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';

interface Filters {
  pry_codigo: string;
  pry_nombre: string;
  pry_estado: ActivoValue;
}

/** Which popup is open: a project form (pryId null = new) or the assign-employees popup. */
type Popup = { kind: 'form'; pryId: number | null } | { kind: 'empleados'; proyecto: ProyectoRow } | null;

/** Spec 2 "Projects screen": projects with their warehouses, and the employees of each. */
export function ProyectoPage() {
  const list = useListParams<Filters>({ pry_codigo: '', pry_nombre: '', pry_estado: 1 });
  const proyectos = useProyectos({ ...list.filters, page: list.pageQuery });
  const [form] = Form.useForm<Omit<Filters, 'pry_estado'>>();
  const [popup, setPopup] = useState<Popup>(null);
  // VISUALIZADOR may look but not change (DECISIONS §1).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  // Only corporate users register projects (docs/business-rules.md).
  const corporate = useSession()?.usu_nivel === 1;

  const search = () => {
    const v = form.getFieldsValue();
    list.setFilters({ pry_codigo: (v.pry_codigo ?? '').trim(), pry_nombre: (v.pry_nombre ?? '').trim() });
  };

  const columns: TableColumnsType<ProyectoRow> = [
    textColumn('Código', 'pry_codigo', { width: 130 }),
    textColumn('Nombre', 'pry_nombre', { width: 280 }),
    textColumn('Descripción', 'pry_descripcion'),
    exportarComo({ title: 'Estado', dataIndex: 'pry_estado', width: 110, render: (estado: number) => <StatusTag estId={estado} /> }, { valores: VALORES_ESTADO }),
  ];

  const rowActions = (p: ProyectoRow): RowAction[] => [
    readOnly
      ? { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setPopup({ kind: 'form', pryId: p.pry_id }) }
      : { key: 'editar', label: 'Editar', icon: <EditOutlined />, onClick: () => setPopup({ kind: 'form', pryId: p.pry_id }) },
    { key: 'empleados', label: 'Asignar empleados', icon: <TeamOutlined />, hidden: readOnly, onClick: () => setPopup({ kind: 'empleados', proyecto: p }) },
  ];

  return (
    <ListPage<ProyectoRow>
      title="Proyectos"
      actions={
        !readOnly &&
        corporate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'form', pryId: null })}>
            Nuevo
          </Button>
        )
      }
      filters={
        <>
          {/* Código and Nombre are searched together, on Enter or Buscar. */}
          <Form form={form} name="proyecto-filtros" onFinish={search} style={{ display: 'flex', gap: 12, alignItems: 'flex-end' }}>
            <FilterField label="Código">
              {(id) => (
                <Form.Item name="pry_codigo" noStyle>
                  <Input id={id} allowClear placeholder="PRY-001" style={{ width: 150 }} />
                </Form.Item>
              )}
            </FilterField>
            <FilterField label="Nombre">
              {(id) => (
                <Form.Item name="pry_nombre" noStyle>
                  <Input id={id} allowClear placeholder="Nombre del proyecto" style={{ width: 240 }} />
                </Form.Item>
              )}
            </FilterField>
            <Button htmlType="submit" icon={<SearchOutlined />}>
              Buscar
            </Button>
          </Form>
          <ActivoFilter value={list.filters.pry_estado} onChange={(pry_estado) => list.setFilters({ pry_estado })} />
        </>
      }
      rowKey="pry_id"
      columns={columns}
      {...list.table(proyectos)}
      exportar={{ ruta: '/proyecto/buscar', consulta: { proyecto: list.filters }, nombre: 'proyectos' }}
      emptyText="No se encontraron Proyectos"
      rowName={(p) => p.pry_nombre}
      rowActions={rowActions}
    >
      {popup?.kind === 'form' && <ProyectoModal pryId={popup.pryId} readOnly={readOnly} onClose={() => setPopup(null)} />}
      {popup?.kind === 'empleados' && <AsignarEmpleadosModal proyecto={popup.proyecto} onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
