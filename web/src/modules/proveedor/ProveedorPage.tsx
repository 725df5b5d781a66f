import { BankOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { PROVEEDOR_MSG, isReadOnly, type ProveedorRow } from '@obra/domain';
import { Button, Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
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
import { useDeleteProveedor, useProveedores } from './api';
import { CuentasModal } from './CuentasModal';
import { ProveedorModal } from './ProveedorModal';

/** Which popup is open: register / modify (id null = new) or the accounts of a supplier. */
type Popup = { kind: 'proveedor'; id: number | null } | { kind: 'cuentas'; proveedor: ProveedorRow } | null;

/** Spec 1 §2.12 /proveedor: suppliers with their bank accounts, searched and paged on the server. */
export function ProveedorPage() {
  const list = useListParams({ search: '' });
  const proveedores = useProveedores(list.params);
  const remove = useDeleteProveedor();
  const confirmDelete = useConfirmDelete();
  const [popup, setPopup] = useState<Popup>(null);
  // VISUALIZADOR may look but not change (DECISIONS §1).
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  usePageClamp(list.page, proveedores.data?.data, proveedores.data?.total, list.setPage);

  const askDelete = (p: ProveedorRow) =>
    confirmDelete({
      title: `¿Desea eliminar al proveedor ${p.razon_social}?`,
      onConfirm: async () => toast.success((await remove.mutateAsync(p.id_proveedor)).message),
    });

  // Widths keep every column, the flags included, on a 1280 px screen: the razón social wraps,
  // e-mail and specialty end in '…' (whole on hover).
  const columns: TableColumnsType<ProveedorRow> = [
    { title: 'RUC', dataIndex: 'ruc', width: 115 },
    { title: 'Razón Social', dataIndex: 'razon_social', width: 255 },
    { title: 'Teléfono', dataIndex: 'telefono', width: 135, ellipsis: { showTitle: true } },
    { title: 'Correo', dataIndex: 'email', width: 200, ellipsis: { showTitle: true } },
    { title: 'Especialidad', dataIndex: 'especialidad', width: 185, ellipsis: { showTitle: true } },
    {
      title: 'Nacional',
      dataIndex: 'es_nacional',
      align: 'center',
      width: 85,
      ellipsis: true,
      render: (v: number, p) => (v ? 'Sí' : <Tooltip title={p.pais}>No{p.pais ? ` (${p.pais})` : ''}</Tooltip>),
    },
    { title: 'Crítico', dataIndex: 'es_critico', align: 'center', width: 70, render: (v: number) => (v ? <Tag color="red">Sí</Tag> : 'No') },
    { title: 'Activo', dataIndex: 'es_activo', align: 'center', width: 65, render: (v: number) => <ActivoIcon activo={v} /> },
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: 120,
      render: (_, p) => (
        <Flex gap={4} justify="center">
          <Tooltip title={readOnly ? 'Ver' : 'Modificar'}>
            <Button
              type="text"
              icon={readOnly ? <EyeOutlined /> : <EditOutlined />}
              aria-label={`${readOnly ? 'Ver' : 'Modificar'} ${p.razon_social}`}
              onClick={() => setPopup({ kind: 'proveedor', id: p.id_proveedor })}
            />
          </Tooltip>
          <Tooltip title="Cuentas">
            <Button type="text" icon={<BankOutlined />} aria-label={`Cuentas de ${p.razon_social}`} onClick={() => setPopup({ kind: 'cuentas', proveedor: p })} />
          </Tooltip>
          {!readOnly && (
            <Tooltip title="Eliminar">
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${p.razon_social}`} onClick={() => askDelete(p)} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Proveedores"
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'proveedor', id: null })}>
              Nuevo
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder="Buscar por RUC o razón social" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<ProveedorRow>
        rowKey="id_proveedor"
        columns={columns}
        rows={proveedores.data?.data}
        total={proveedores.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={proveedores.isFetching}
        emptyText={PROVEEDOR_MSG.empty}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      />
      {popup?.kind === 'proveedor' && <ProveedorModal id={popup.id} readOnly={readOnly} onClose={() => setPopup(null)} />}
      {popup?.kind === 'cuentas' && <CuentasModal proveedor={popup.proveedor} readOnly={readOnly} onClose={() => setPopup(null)} />}
    </>
  );
}
