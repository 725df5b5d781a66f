import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { CLIENTE_MSG, isReadOnly, type ClienteFila } from '@obra/domain';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { CellText, textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useClientes } from './api';
import { ClienteFormModal, type ClienteModo } from './ClienteFormModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

/** Which popup is open: register (no id), view or modify a client. */
type Popup = { modo: ClienteModo; cliId: number | null } | null;

/** Spec 3 §2 columns; the client's name takes the room left, cut with '…' so the table fits at 1366 px. */
const COLUMNS: TableColumnsType<ClienteFila> = [
  exportarComo({
    title: 'Documento',
    dataIndex: 'cli_documento_identidad',
    width: 190,
    render: (doc: string, c) => <span style={{ whiteSpace: 'nowrap' }}>{`${c.tdi_nombre === 'Carnet de Extranjería' ? 'CE' : c.tdi_nombre} ${doc}`}</span>,
  }, { campo: ['tdi_nombre', 'cli_documento_identidad'] }),
  {
    title: 'Cliente',
    dataIndex: 'cli_nombre',
    ellipsis: { showTitle: false },
    render: (nombre: string, c) => (
      <span style={{ display: 'flex', gap: 8, alignItems: 'center', minWidth: 0 }}>
        <CellText text={nombre} />
        {c.cli_especial === 1 && (
          <Tooltip title="No se genera comprobante electrónico para sus pedidos">
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>Especial</Tag>
          </Tooltip>
        )}
      </span>
    ),
  },
  textColumn<ClienteFila>('Contacto', 'cli_nombre_contacto', { width: 230 }),
  { title: 'Teléfono', dataIndex: 'cli_telefono', width: 150, render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{t}</span> },
  exportarComo({ title: 'Estado', dataIndex: 'cli_estado', width: 100, render: (estado: number) => <StatusTag estId={estado} /> }, { valores: VALORES_ESTADO }),
];

/** Spec 3 §2 "Clients" (/cliente): search by document or name (Enter searches), paged 10 at a time on the server. */
export function ClientePage() {
  const list = useListParams({ cli_search: '' });
  const clientes = useClientes(list.filters.cli_search, list.pageQuery);
  const [popup, setPopup] = useState<Popup>(null);
  useVerParam((cliId) => setPopup({ modo: 'ver', cliId }));
  // VISUALIZADOR may look but not change (DECISIONS §1): no Nuevo nor Modificar.
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  const acciones = (c: ClienteFila) => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setPopup({ modo: 'ver', cliId: c.cli_id }) },
    { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setPopup({ modo: 'modificar', cliId: c.cli_id }) },
  ];
  const columns: TableColumnsType<ClienteFila> = [
    ...COLUMNS,
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: Math.max(96, rowActionsWidth(readOnly ? 1 : 2)),
      render: (_, c) => <RowActions name={c.cli_nombre} actions={acciones(c)} />,
    },
  ];

  return (
    <ListPage<ClienteFila>
      title="Clientes"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ modo: 'registrar', cliId: null })}>
            Nuevo
          </Button>
        )
      }
      filters={<SearchFilter placeholder="DNI / RUC o nombre / razón social" width={360} onSearch={(cli_search) => list.setFilters({ cli_search })} />}
      rowKey="cli_id"
      columns={columns}
      {...list.table(clientes)}
      exportar={{ ruta: '/cliente/buscar', consulta: { cliente: { cli_search: list.filters.cli_search } }, nombre: 'clientes' }}
      emptyText={CLIENTE_MSG.empty}
      minWidth={1000}
    >
      {popup && <ClienteFormModal modo={popup.modo} cliId={popup.cliId} onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
