import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CC_MSG, isReadOnly, type CentroCostoRow } from '@obra/domain';
import { Button, Flex, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../app/session';
import { ActivoIcon } from '../../ui/ActivoIcon';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { toast } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { useListParams } from '../../ui/useListParams';
import { usePageClamp } from '../../ui/usePageClamp';
import { useCentrosCosto, useDeleteCentroCosto } from './api';
import { CentroCostoModal } from './CentroCostoModal';

/** Which popup is open: a new cost centre (row null) or the one being modified. */
type Editing = { row: CentroCostoRow | null } | null;

/** Spec 1 §2.6 /centroCosto: cost centres, searched and paged on the server. */
export function CentroCostoPage() {
  const list = useListParams({ search: '' });
  const centros = useCentrosCosto(list.params);
  const remove = useDeleteCentroCosto();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<Editing>(null);
  // VISUALIZADOR may look but not change (DECISIONS §1): no Agregar, no edit or delete.
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  usePageClamp(list.page, centros.data?.data, centros.data?.total, list.setPage);

  const askDelete = (c: CentroCostoRow) =>
    confirmDelete({
      title: `¿Desea eliminar el centro de costo ${c.codigo}?`,
      onConfirm: async () => toast.success((await remove.mutateAsync(c.id_centro_costo)).message),
    });

  const columns: TableColumnsType<CentroCostoRow> = [
    { title: 'Código', dataIndex: 'codigo', width: 140 },
    { title: 'Descripción', dataIndex: 'descripcion' },
    { title: 'Proyecto', dataIndex: 'pry_nombre' },
    { title: 'Activo', dataIndex: 'es_activo', align: 'center', width: 90, render: (activo: number) => <ActivoIcon activo={activo} /> },
  ];
  if (!readOnly) {
    columns.push({
      title: 'Acciones',
      key: 'acciones',
      align: 'center',
      width: 120,
      render: (_, c) => (
        <Space size={4}>
          <Tooltip title="Editar">
            <Button type="text" icon={<EditOutlined />} aria-label={`Editar ${c.codigo}`} onClick={() => setEditing({ row: c })} />
          </Tooltip>
          <Tooltip title="Eliminar">
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${c.codigo}`} onClick={() => askDelete(c)} />
          </Tooltip>
        </Space>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Centros de Costo"
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              Agregar
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por código o descripción" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<CentroCostoRow>
        rowKey="id_centro_costo"
        columns={columns}
        rows={centros.data?.data}
        total={centros.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={centros.isFetching}
        emptyText={CC_MSG.empty}
      />
      {editing && <CentroCostoModal row={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}
