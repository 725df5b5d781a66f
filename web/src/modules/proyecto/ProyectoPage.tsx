import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import type { ProyectoRow } from '@obra/domain';
import { isReadOnly, PAGE_SIZE } from '@obra/domain';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds, useSession } from '../../app/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useProyectos } from './api';
import { AsignarEmpleadosModal } from './AsignarEmpleadosModal';
import { ProyectoModal } from './ProyectoModal';

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
  const proyectos = useProyectos({ ...list.filters, page: { number: list.page, size: PAGE_SIZE } });
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
    { title: 'Código', dataIndex: 'pry_codigo', width: 120 },
    { title: 'Nombre', dataIndex: 'pry_nombre' },
    { title: 'Descripción', dataIndex: 'pry_descripcion', ellipsis: true },
    { title: 'Estado', dataIndex: 'pry_estado', width: 110, render: (estado: number) => <StatusTag estId={estado} /> },
    {
      title: 'Opciones',
      key: 'opciones',
      width: 260,
      render: (_, p) =>
        readOnly ? (
          <Button type="link" icon={<EyeOutlined />} onClick={() => setPopup({ kind: 'form', pryId: p.pry_id })}>
            Ver
          </Button>
        ) : (
          <Space size={0}>
            <Button type="link" icon={<TeamOutlined />} onClick={() => setPopup({ kind: 'empleados', proyecto: p })}>
              Asignar empleados
            </Button>
            <Button type="link" icon={<EditOutlined />} onClick={() => setPopup({ kind: 'form', pryId: p.pry_id })}>
              Modificar
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Proyectos"
        extra={
          !readOnly && corporate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'form', pryId: null })}>
              Nuevo
            </Button>
          )
        }
      />
      <Form form={form} name="proyecto-filtros" layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="pry_codigo" label="Código">
          <Input allowClear placeholder="Código" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="pry_nombre" label="Nombre">
          <Input allowClear placeholder="Nombre del proyecto" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label="Estado">
          <ActivoFilter value={list.filters.pry_estado} onChange={(pry_estado) => list.setFilters({ pry_estado })} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />}>
            Buscar
          </Button>
        </Form.Item>
      </Form>
      <DataTable<ProyectoRow>
        rowKey="pry_id"
        columns={columns}
        rows={proyectos.data?.data}
        total={proyectos.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={proyectos.isFetching}
        emptyText="No se encontraron Proyectos"
      />
      {popup?.kind === 'form' && <ProyectoModal pryId={popup.pryId} readOnly={readOnly} onClose={() => setPopup(null)} />}
      {popup?.kind === 'empleados' && <AsignarEmpleadosModal proyecto={popup.proyecto} onClose={() => setPopup(null)} />}
    </>
  );
}
