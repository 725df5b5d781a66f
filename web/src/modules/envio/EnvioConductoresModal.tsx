import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONDUCTOR_TIPOS_DOCUMENTO, ConductorModificar, ConductorRegistrar, isReadOnly, licenciaYPlaca, type ConductorFila } from '@obra/domain';
import { Button, Flex, Form, Input, Modal, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { checkForm } from '../../ui/checkForm';
import { ACTIVO_OPTIONS } from '../../ui/options';
import { SearchInput } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useConductores, useModificarConductor, useRegistrarConductor } from './api';
import { limite } from '../../ui/inputs';

interface Valores {
  cdt_id?: number;
  cdt_nombre: string;
  cdt_apellido: string;
  cdt_placa: string;
  cdt_tipo_documento: string;
  cdt_numero_documento: string;
  cdt_licencia: string;
  cdt_estado?: number;
}
const VACIO: Valores = { cdt_nombre: '', cdt_apellido: '', cdt_placa: '', cdt_tipo_documento: '1', cdt_numero_documento: '', cdt_licencia: '' };
const TIPOS_DOCUMENTO = Object.entries(CONDUCTOR_TIPOS_DOCUMENTO).map(([value, label]) => ({ value, label }));
const tipoDocumento = (t: string) => CONDUCTOR_TIPOS_DOCUMENTO[t as keyof typeof CONDUCTOR_TIPOS_DOCUMENTO] ?? 'Doc.';

/**
 * The drivers' small maintenance (issue 14 "Fleet"), opened from the dispatch screen: search, register,
 * modify; with the identity document and licence the sender guide declares (issue 23).
 */
export function EnvioConductoresModal({ onClose }: { onClose: () => void }) {
  const [texto, setTexto] = useState('');
  const conductores = useConductores(texto, false);
  const registrar = useRegistrarConductor();
  const modificar = useModificarConductor();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [editando, setEditando] = useState<Valores | null>(null);
  const [form] = Form.useForm<Valores>();

  const abrir = (v: Valores) => {
    setEditando(v);
    form.setFieldsValue({ ...VACIO, cdt_id: undefined, cdt_estado: undefined, ...v });
  };

  const guardar = async () => {
    const v = form.getFieldsValue(true) as Valores;
    const modo = v.cdt_id !== undefined;
    const payload = checkForm(modo ? ConductorModificar : ConductorRegistrar, { conductor: v }, form, ['conductor']);
    if (!payload) return;
    try {
      const r = modo ? await modificar.mutateAsync(payload as ConductorModificar) : await registrar.mutateAsync(payload as ConductorRegistrar);
      toast.success(r.message);
      setEditando(null);
    } catch {
      // Toasted by the query cache; the values stay.
    }
  };

  const columns: TableColumnsType<ConductorFila> = [
    { title: 'ID', dataIndex: 'cdt_id', width: 64 },
    { title: 'Nombre', key: 'nombre', render: (_, c) => `${c.cdt_nombre} ${c.cdt_apellido}` },
    { title: 'Documento', key: 'doc', width: 150, render: (_, c) => (c.cdt_numero_documento ? `${tipoDocumento(c.cdt_tipo_documento)} ${c.cdt_numero_documento}` : '-') },
    // A licence left in the plate field (the only one before issue 23) shows as the licence, not as a plate.
    { title: 'Licencia', key: 'licencia', width: 120, render: (_, c) => licenciaYPlaca(c).licencia || '-' },
    { title: 'Placa', key: 'placa', width: 100, render: (_, c) => licenciaYPlaca(c).placa || '-' },
    { title: 'Estado', dataIndex: 'cdt_estado', width: 100, render: (e: number) => <StatusTag estId={e} /> },
    {
      title: '', key: 'acc', width: 56, render: (_, c) => !readOnly && (
        <Button type="text" icon={<EditOutlined />} aria-label={`Modificar ${c.cdt_nombre} ${c.cdt_apellido}`}
          onClick={() => abrir({
            cdt_id: c.cdt_id, cdt_nombre: c.cdt_nombre, cdt_apellido: c.cdt_apellido, cdt_placa: licenciaYPlaca(c).placa, cdt_estado: c.cdt_estado,
            cdt_tipo_documento: c.cdt_tipo_documento, cdt_numero_documento: c.cdt_numero_documento, cdt_licencia: licenciaYPlaca(c).licencia,
          })} />
      ),
    },
  ];

  return (
    <Modal open title="Conductores" width={900} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
      <Flex vertical gap={12}>
        <Flex gap={8} justify="space-between">
          <SearchInput label="Buscar conductor" placeholder="Nombre, apellido, placa, licencia o documento" width={320} onSearch={setTexto} />
          {!readOnly && <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir(VACIO)}>Nuevo conductor</Button>}
        </Flex>
        {editando && (
          <Form<Valores> form={form} layout="vertical" style={{ border: '1px solid #f0f0f0', padding: 12, borderRadius: 6 }}>
            <Flex gap={8} align="end" wrap>
              <Form.Item label="Nombre" name="cdt_nombre" required style={{ marginBottom: 0 }}><Input count={limite(100)} style={{ width: 160 }} /></Form.Item>
              <Form.Item label="Apellido" name="cdt_apellido" required style={{ marginBottom: 0 }}><Input count={limite(100)} style={{ width: 160 }} /></Form.Item>
              <Form.Item label="Placa" name="cdt_placa" style={{ marginBottom: 0 }} extra="Del vehículo que maneja">
                <Input maxLength={10} placeholder="AXK-714" style={{ width: 100 }} />
              </Form.Item>
              <Form.Item label="Tipo de documento" name="cdt_tipo_documento" style={{ marginBottom: 0 }}>
                <Select options={TIPOS_DOCUMENTO} style={{ width: 170 }} aria-label="Tipo de documento" />
              </Form.Item>
              <Form.Item label="N° de documento" name="cdt_numero_documento" style={{ marginBottom: 0 }}><Input maxLength={15} style={{ width: 130 }} /></Form.Item>
              <Form.Item label="Licencia de conducir" name="cdt_licencia" style={{ marginBottom: 0 }} extra="Requerida para la guía de remisión">
                <Input maxLength={12} placeholder="Q40211873" style={{ width: 140 }} />
              </Form.Item>
              {editando.cdt_id !== undefined && (
                <Form.Item label="Estado" name="cdt_estado" style={{ marginBottom: 0 }}><Select options={ACTIVO_OPTIONS} style={{ width: 110 }} /></Form.Item>
              )}
              <Button type="primary" loading={registrar.isPending || modificar.isPending} onClick={() => void guardar()}>
                {editando.cdt_id !== undefined ? 'Modificar' : 'Registrar'}
              </Button>
              <Button onClick={() => setEditando(null)}>Cancelar</Button>
            </Flex>
          </Form>
        )}
        <Table<ConductorFila> rowKey="cdt_id" size="small" columns={columns} dataSource={conductores.data} loading={conductores.isFetching}
          pagination={{ pageSize: 10, showSizeChanger: false }} locale={{ emptyText: 'No se encontraron conductores' }} />
      </Flex>
    </Modal>
  );
}
