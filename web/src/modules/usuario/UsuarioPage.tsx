import { CheckCircleOutlined, EditOutlined, EyeOutlined, LogoutOutlined, PlusOutlined, SafetyOutlined, StopOutlined } from '@ant-design/icons';
import { isReadOnly, rolEtiqueta, TIPO_USUARIO, type UsuarioRow } from '@obra/domain';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds, useSession } from '../../base/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useCambiarEstado, useCerrarSesiones, useRestablecerSegundoFactor, useUsuarios } from './api';
import { nivelLabel, TIPO_OPTIONS } from './niveles';
import { UsuarioModal } from './UsuarioModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';

/** Which popup is open: a new user (usuId null) or the user being modified or viewed. */
type Editing = { usuId: number | null; readOnly: boolean } | null;

const fullName = (u: UsuarioRow) => `${u.usu_nombre} ${u.usu_apellido}`;
const isSupplier = (u: UsuarioRow) => u.tiu_id === TIPO_USUARIO.proveedor;

/**
 * Spec 1 §2.1 /usuario: the system users, searched and paged on the server. Supplier accounts
 * are listed too (filter 'Tipo'), with their company, so they can be found and deactivated.
 */
export function UsuarioPage() {
  const list = useListParams<{ search: string; usu_estado: ActivoValue; tiu_id: 1 | 3 | null }>({
    search: '',
    usu_estado: 1,
    tiu_id: TIPO_USUARIO.personal,
  });
  const usuarios = useUsuarios(list.params);
  const cambiarEstado = useCambiarEstado();
  const cerrarSesiones = useCerrarSesiones();
  const restablecer2fa = useRestablecerSegundoFactor();
  const [editing, setEditing] = useState<Editing>(null);
  const me = useSession()?.id_usuario;
  // VISUALIZADOR may look but not change (DECISIONS §1): no 'Nuevo', and the popup only shows.
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  const columns: TableColumnsType<UsuarioRow> = [
    exportarComo(textColumn('Nombre', 'usu_nombre', { text: fullName }), { campo: ['usu_nombre', 'usu_apellido'] }),
    { title: 'DNI', dataIndex: 'usu_dni', width: 100 },
    textColumn('Correo', 'usu_correo'),
    exportarComo({ title: 'Nivel', dataIndex: 'usu_nivel', width: 110, render: (nivel: number) => nivelLabel(nivel) }, { valores: { 0: nivelLabel(0), 1: nivelLabel(1) } }),
    // A supplier account belongs to its company, not to a project.
    exportarComo(textColumn('Proyecto / Proveedor', 'pry_nombre', { text: (u) => (isSupplier(u) ? u.pve_razon_social : u.pry_nombre) }), { campo: ['pry_nombre', 'pve_razon_social'] }),
    textColumn<UsuarioRow>('Roles', 'roles', { width: 170, text: (r) => rolEtiqueta(r.roles) }),
    exportarComo({ title: 'Estado', dataIndex: 'usu_estado', width: 100, render: (estado: number) => <StatusTag estId={estado} /> }, { valores: VALORES_ESTADO }),
  ];

  const rowActions = (u: UsuarioRow): RowAction[] => {
    const activo = u.usu_estado === 1;
    // Supplier accounts are managed by their supplier; here they are seen and (de)activated.
    const view = readOnly || isSupplier(u);
    return [
      view
        ? { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setEditing({ usuId: u.usu_id, readOnly: true }) }
        : { key: 'editar', label: 'Editar', icon: <EditOutlined />, onClick: () => setEditing({ usuId: u.usu_id, readOnly: false }) },
      {
        key: 'estado',
        label: activo ? 'Desactivar' : 'Activar',
        icon: activo ? <StopOutlined /> : <CheckCircleOutlined />,
        danger: activo,
        hidden: readOnly || u.usu_id === me,
        confirm: `¿Desea ${activo ? 'desactivar' : 'activar'} al usuario ${fullName(u)}?`,
        onClick: async () => toast.success((await cambiarEstado.mutateAsync({ usu_id: u.usu_id, usu_estado: activo ? 0 : 1 })).message),
      },
      {
        key: 'sesiones',
        label: 'Cerrar sesiones',
        icon: <LogoutOutlined />,
        danger: true,
        hidden: readOnly || u.usu_id === me || !activo,
        confirm: `¿Cerrar todas las sesiones de ${fullName(u)}?`,
        confirmDetail: 'Tendrá que ingresar de nuevo en cada dispositivo (por ejemplo, si perdió su celular).',
        onClick: async () => toast.success((await cerrarSesiones.mutateAsync(u.usu_id)).message),
      },
      {
        key: 'segundo-factor',
        label: 'Restablecer segundo factor',
        icon: <SafetyOutlined />,
        hidden: readOnly || u.usu_id === me,
        confirm: `¿Restablecer la verificación en dos pasos de ${fullName(u)}?`,
        confirmDetail: 'Use esto si perdió su teléfono: ingresará solo con su contraseña, o configurará un nuevo código si su rol lo exige.',
        onClick: async () => toast.success((await restablecer2fa.mutateAsync(u.usu_id)).message),
      },
    ];
  };

  return (
    <ListPage<UsuarioRow>
      title="Usuarios"
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ usuId: null, readOnly: false })}>
            Nuevo
          </Button>
        )
      }
      filters={
        <>
          <SearchFilter placeholder="Nombre, DNI o correo" onSearch={(search) => list.setFilters({ search })} />
          <SelectFilter label="Tipo" value={list.filters.tiu_id} options={TIPO_OPTIONS} onChange={(tiu_id) => list.setFilters({ tiu_id })} />
          <ActivoFilter value={list.filters.usu_estado} onChange={(usu_estado) => list.setFilters({ usu_estado })} />
        </>
      }
      rowKey="usu_id"
      columns={columns}
      {...list.table(usuarios)}
      exportar={{ ruta: '/usuario/buscar', consulta: list.params, nombre: 'usuarios' }}
      emptyText="No se encontraron Usuarios"
      rowName={fullName}
      rowActions={rowActions}
    >
      {editing && <UsuarioModal usuId={editing.usuId} readOnly={editing.readOnly} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
