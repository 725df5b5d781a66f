import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { UNIDAD_MSG, isReadOnly, type UnidadRow } from '@obra/domain';
import { Button, Flex, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../app/session';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { toast } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { useListParams } from '../../ui/useListParams';
import { usePageClamp } from '../../ui/usePageClamp';
import { useDeleteUnidad, useUnidades } from './api';
import { UnidadModal } from './UnidadModal';

/** Spec 1 §2.8 /unidad: units of measure, searched and paged on the server. */
export function UnidadPage() {
  const list = useListParams({ search: '' });
  const unidades = useUnidades(list.params);
  const remove = useDeleteUnidad();
  const confirmDelete = useConfirmDelete();
  const [adding, setAdding] = useState(false);
  // VISUALIZADOR may look but not change (DECISIONS §1).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  usePageClamp(list.page, unidades.data?.data, unidades.data?.total, list.setPage);

  const askDelete = (u: UnidadRow) =>
    confirmDelete({
      title: `¿Desea eliminar la unidad ${u.simbolo} (${u.descripcion})?`,
      onConfirm: async () => toast.success((await remove.mutateAsync(u.id_unidad)).message),
    });

  const columns: TableColumnsType<UnidadRow> = [
    { title: 'Símbolo', dataIndex: 'simbolo', width: 140 },
    { title: 'Descripción', dataIndex: 'descripcion' },
  ];
  if (!readOnly) {
    columns.push({
      title: 'Acciones',
      key: 'acciones',
      align: 'center',
      width: 100,
      render: (_, u) => (
        <Tooltip title="Eliminar">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${u.simbolo}`} onClick={() => askDelete(u)} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Unidades"
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Agregar
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por símbolo o descripción" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<UnidadRow>
        rowKey="id_unidad"
        columns={columns}
        rows={unidades.data?.data}
        total={unidades.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={unidades.isFetching}
        emptyText={UNIDAD_MSG.empty}
        style={{ maxWidth: 720 }}
      />
      {adding && <UnidadModal onClose={() => setAdding(false)} />}
    </>
  );
}
