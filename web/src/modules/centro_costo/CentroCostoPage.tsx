import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CC_MSG, isReadOnly, type CentroCostoRow } from '@obra/domain';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { ActivoIcon } from '../../ui/ActivoIcon';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { DELETE_DETAIL } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useCentrosCosto, useDeleteCentroCosto } from './api';
import { CentroCostoModal } from './CentroCostoModal';
import { exportarComo, VALORES_SI_NO } from '../../ui/exportar';

/** Which popup is open: a new cost centre (row null) or the one being modified. */
type Editing = { row: CentroCostoRow | null } | null;

const columns: TableColumnsType<CentroCostoRow> = [
  textColumn('Código', 'codigo', { width: 160 }),
  textColumn('Descripción', 'descripcion'),
  textColumn('Proyecto', 'pry_nombre', { width: 260 }),
  exportarComo({ title: 'Activo', dataIndex: 'es_activo', align: 'center', width: 90, render: (activo: number) => <ActivoIcon activo={activo} /> }, { valores: VALORES_SI_NO }),
];

/** Spec 1 §2.6 /centroCosto: cost centres, searched and paged on the server. */
export function CentroCostoPage() {
  const list = useListParams({ search: '' });
  const centros = useCentrosCosto(list.params);
  const remove = useDeleteCentroCosto();
  const [editing, setEditing] = useState<Editing>(null);
  // VISUALIZADOR may look but not change (DECISIONS §1): no Agregar, no edit or delete.
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  return (
    <ListPage<CentroCostoRow>
      title="Centros de Costo"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            Agregar
          </Button>
        )
      }
      filters={<SearchFilter placeholder="Código o descripción" onSearch={(search) => list.setFilters({ search })} />}
      rowKey="id_centro_costo"
      columns={columns}
      {...list.table(centros)}
      exportar={{ ruta: '/centroCosto/list', consulta: list.params, nombre: 'centros-costo' }}
      emptyText={CC_MSG.empty}
      rowName={(c) => c.codigo}
      rowActions={(c) => [
        { key: 'editar', label: 'Editar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setEditing({ row: c }) },
        {
          key: 'eliminar',
          label: 'Eliminar',
          icon: <DeleteOutlined />,
          danger: true,
          hidden: readOnly,
          confirm: `¿Desea eliminar el centro de costo ${c.codigo}?`,
          confirmDetail: DELETE_DETAIL,
          onClick: async () => toast.success((await remove.mutateAsync(c.id_centro_costo)).message),
        },
      ]}
    >
      {editing && <CentroCostoModal row={editing.row} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
