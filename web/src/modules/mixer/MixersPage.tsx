import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDecimal, isReadOnly } from '@obra/domain';
import { Button, Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { MIXER_LISTA, useMixers, type Mixer, type MixerFiltros } from './api';
import { MixerModal, type MixerModo } from './MixerModal';
import { exportarComo, VALORES_ESTADO } from '../../ui/exportar';

type Abierto = { modo: MixerModo; mixId: number | null } | null;

/** What the filter form holds; Estado 'todos' is no filter (antd Select takes no null value). */
interface FiltroForm {
  mix_id: string;
  mix_placa: string;
  mix_nombre: string;
  est_id: number | 'todos';
}

const INICIAL: MixerFiltros = { mix_id: null, mix_placa: null, mix_nombre: null, est_id: null };
const FORM_INICIAL: FiltroForm = { mix_id: '', mix_placa: '', mix_nombre: '', est_id: 'todos' };

/** Spec 3 §2 /mixers: filters (id, plate, name, status; Enter searches), mixers paged 10, register / view / modify. */
export function MixersPage() {
  const list = useListParams<MixerFiltros>(INICIAL);
  const mixers = useMixers(list.filters, list.pageQuery);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [abierto, setAbierto] = useState<Abierto>(null);

  const buscar = (v: FiltroForm) => {
    const id = v.mix_id.trim();
    if (id && !/^\d{1,9}$/.test(id)) return toast.error('El ID del mixer no es válido');
    const f: MixerFiltros = {
      mix_id: id ? Number(id) : null,
      mix_placa: v.mix_placa.trim() || null,
      mix_nombre: v.mix_nombre.trim() || null,
      est_id: v.est_id === 'todos' ? null : v.est_id,
    };
    // Buscar again with the same filters asks the server again (another user may have registered one).
    if (list.page === 1 && JSON.stringify(f) === JSON.stringify(list.filters)) void mixers.refetch();
    else list.setFilters(f);
  };

  const acciones = (m: Mixer) => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setAbierto({ modo: 'ver', mixId: m.mix_id }) },
    { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: readOnly, onClick: () => setAbierto({ modo: 'modificar', mixId: m.mix_id }) },
  ];

  const columns: TableColumnsType<Mixer> = [
    { title: 'ID', dataIndex: 'mix_id', width: 80 },
    textColumn('Nombre', 'mix_nombre'),
    { title: 'Placa', dataIndex: 'mix_placa', width: 130 },
    { title: 'Capacidad (m³)', dataIndex: 'mix_capacidad', width: 150, align: 'right', render: (c: string) => formatDecimal(c, 2) },
    exportarComo({ title: 'Estado', dataIndex: 'est_id', width: 120, render: (e: number) => <StatusTag estId={e} /> }, { valores: VALORES_ESTADO }),
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: Math.max(96, rowActionsWidth(readOnly ? 1 : 2)),
      render: (_, m) => <RowActions name={m.mix_nombre} actions={acciones(m)} />,
    },
  ];

  return (
    <ListPage<Mixer>
      title="Mixers"
      actions={!readOnly && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto({ modo: 'registrar', mixId: null })}>
          Registrar
        </Button>
      )}
      filters={
        // Enter in any box submits the form: the search runs with every filter at once.
        <Form<FiltroForm> name="filtro_mixer" layout="vertical" initialValues={FORM_INICIAL} onFinish={buscar}
          style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Form.Item label="ID" name="mix_id" style={{ marginBottom: 0 }}>
            <Input inputMode="numeric" maxLength={9} allowClear style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="Placa" name="mix_placa" style={{ marginBottom: 0 }}>
            <Input maxLength={10} allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="Nombre" name="mix_nombre" style={{ marginBottom: 0 }}>
            <Input maxLength={100} allowClear style={{ width: 240 }} />
          </Form.Item>
          <Form.Item label="Estado" name="est_id" style={{ marginBottom: 0 }}>
            <Select options={[{ value: 'todos', label: 'Todos' }, ...ACTIVO_OPTIONS]} style={{ width: 140 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={mixers.isFetching}>
            Buscar
          </Button>
        </Form>
      }
      rowKey="mix_id"
      columns={columns}
      {...list.table(mixers)}
      exportar={{ ruta: MIXER_LISTA, consulta: { mixer: list.filters }, nombre: 'mixers' }}
      emptyText="No se encontraron mixers"
      minWidth={800}
    >
      {abierto && <MixerModal modo={abierto.modo} mixId={abierto.mixId} estados={ACTIVO_OPTIONS} onClose={() => setAbierto(null)} />}
    </ListPage>
  );
}
