import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MARCA_MSG, isReadOnly, type MarcaRow } from '@obra/domain';
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
import { useDeleteMarca, useMarcas } from './api';
import { MarcaPrompt } from './MarcaPrompt';

/** Spec 1 §2.7 /marca: brands, searched and paged on the server. */
export function MarcaPage() {
  const list = useListParams({ search: '' });
  const marcas = useMarcas(list.params);
  const remove = useDeleteMarca();
  const confirmDelete = useConfirmDelete();
  const [adding, setAdding] = useState(false);
  // VISUALIZADOR may look but not change (DECISIONS §1).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  usePageClamp(list.page, marcas.data?.data, marcas.data?.total, list.setPage);

  const askDelete = (m: MarcaRow) =>
    confirmDelete({
      title: `¿Desea eliminar la marca ${m.descripcion}?`,
      onConfirm: async () => toast.success((await remove.mutateAsync(m.id_marca)).message),
    });

  const columns: TableColumnsType<MarcaRow> = [{ title: 'Marca', dataIndex: 'descripcion' }];
  if (!readOnly) {
    columns.push({
      title: 'Acciones',
      key: 'acciones',
      align: 'center',
      width: 100,
      render: (_, m) => (
        <Tooltip title="Eliminar">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${m.descripcion}`} onClick={() => askDelete(m)} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Marcas"
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Agregar
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar marca" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<MarcaRow>
        rowKey="id_marca"
        columns={columns}
        rows={marcas.data?.data}
        total={marcas.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={marcas.isFetching}
        emptyText={MARCA_MSG.empty}
        style={{ maxWidth: 720 }}
      />
      {adding && <MarcaPrompt onClose={() => setAdding(false)} />}
    </>
  );
}
