import { BankOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { PROVEEDOR_MSG, isReadOnly, type ProveedorRow } from '@obra/domain';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { ActivoIcon } from '../../ui/ActivoIcon';
import { CellText, textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { DELETE_DETAIL } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useDeleteProveedor, useProveedores } from './api';
import { CuentasModal } from './CuentasModal';
import { ProveedorModal } from './ProveedorModal';
import { exportarComo, VALORES_SI_NO } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

/** Which popup is open: register / modify (id null = new) or the accounts of a supplier. */
type Popup = { kind: 'proveedor'; id: number | null } | { kind: 'cuentas'; proveedor: ProveedorRow } | null;

// The short columns, e-mail and specialty as wide as their texts (up to their width); the razón
// social takes the rest. Names and specialties wrap to a second line, then end in '…' (whole on
// hover), so every column fits at 1366 px.
const columns: TableColumnsType<ProveedorRow> = [
  { title: 'RUC', dataIndex: 'ruc', width: 110 },
  textColumn('Razón Social', 'razon_social', { rows: 2 }),
  textColumn('Teléfono', 'telefono', { width: 130 }),
  textColumn('Correo', 'email', { width: 240 }),
  textColumn('Especialidad', 'especialidad', { width: 180, rows: 2 }),
  exportarComo({
    title: 'Nacional',
    dataIndex: 'es_nacional',
    align: 'center',
    width: 90,
    render: (v: number, p) => (v ? 'Sí' : <CellText text={`No${p.pais ? ` (${p.pais})` : ''}`} />),
  }, { valores: VALORES_SI_NO }),
  exportarComo({ title: 'Crítico', dataIndex: 'es_critico', align: 'center', width: 75, render: (v: number) => (v ? <Tag color="red">Sí</Tag> : 'No') }, { valores: VALORES_SI_NO }),
  exportarComo({ title: 'Activo', dataIndex: 'es_activo', align: 'center', width: 70, render: (v: number) => <ActivoIcon activo={v} /> }, { valores: VALORES_SI_NO }),
];

/** Spec 1 §2.12 /proveedor: suppliers with their bank accounts, searched and paged on the server. */
export function ProveedorPage() {
  const list = useListParams({ search: '' });
  const proveedores = useProveedores(list.params);
  const remove = useDeleteProveedor();
  const [popup, setPopup] = useState<Popup>(null);
  useVerParam((id) => setPopup({ kind: 'proveedor', id }));
  // VISUALIZADOR may look but not change (DECISIONS §1).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  return (
    <ListPage<ProveedorRow>
      title="Proveedores"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'proveedor', id: null })}>
            Nuevo
          </Button>
        )
      }
      filters={<SearchFilter placeholder="RUC o razón social" onSearch={(search) => list.setFilters({ search })} />}
      rowKey="id_proveedor"
      columns={columns}
      {...list.table(proveedores)}
      exportar={{ ruta: '/proveedor/list', consulta: list.params, nombre: 'proveedores' }}
      emptyText={PROVEEDOR_MSG.empty}
      minWidth={1100}
      rowName={(p) => p.razon_social}
      rowActions={(p) => [
        readOnly
          ? { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setPopup({ kind: 'proveedor', id: p.id_proveedor }) }
          : { key: 'editar', label: 'Editar', icon: <EditOutlined />, onClick: () => setPopup({ kind: 'proveedor', id: p.id_proveedor }) },
        { key: 'cuentas', label: 'Cuentas', icon: <BankOutlined />, onClick: () => setPopup({ kind: 'cuentas', proveedor: p }) },
        {
          key: 'eliminar',
          label: 'Eliminar',
          icon: <DeleteOutlined />,
          danger: true,
          hidden: readOnly,
          confirm: `¿Desea eliminar al proveedor ${p.razon_social}?`,
          confirmDetail: DELETE_DETAIL,
          onClick: async () => toast.success((await remove.mutateAsync(p.id_proveedor)).message),
        },
      ]}
    >
      {popup?.kind === 'proveedor' && <ProveedorModal id={popup.id} readOnly={readOnly} onClose={() => setPopup(null)} />}
      {popup?.kind === 'cuentas' && <CuentasModal proveedor={popup.proveedor} readOnly={readOnly} onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
