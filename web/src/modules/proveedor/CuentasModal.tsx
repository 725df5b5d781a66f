import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CuentaProveedorAdd, PROVEEDOR_MSG, cciBankProblem, type CuentaProveedorRow, type ProveedorRow } from '@obra/domain';
import { Button, Col, Empty, Form, Input, Modal, Row, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { useLookups, type Lookups } from '../../base/lookups';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { toast } from '../../base/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
import { useAddCuenta, useCuentas, useDeleteCuenta } from './api';

/** A CCI in its parts: bank, branch, account, check digits ("002-191-002456789054-56"). */
const formatCci = (cci: string) => (cci.length === 20 ? `${cci.slice(0, 3)}-${cci.slice(3, 6)}-${cci.slice(6, 18)}-${cci.slice(18)}` : cci);

interface CuentaFormValues {
  id_banco?: number;
  id_moneda?: number;
  tipo_cuenta?: number;
  cuenta: string;
  cci: string;
}

type AccountLookups = Lookups<'bancos' | 'monedas' | 'tipos_cuenta'>;

function AddCuentaForm({ idProveedor, lookups }: { idProveedor: number; lookups: AccountLookups }) {
  const [form] = Form.useForm<CuentaFormValues>();
  const add = useAddCuenta();

  const submit = async () => {
    const checked = checkForm(CuentaProveedorAdd, { ...form.getFieldsValue(true), id_proveedor: idProveedor }, form);
    if (!checked) return;
    // The CCI starts with the chosen bank's code; said here before the server says it.
    const problem = cciBankProblem(checked.cci, lookups.bancos.find((b) => b.ban_id === checked.id_banco)?.ban_codigo ?? '');
    if (problem) {
      toast.error(problem);
      form.setFields([{ name: 'cci', errors: [problem] }]);
      return;
    }
    const added = await add.mutateAsync(checked).catch(() => null);
    if (!added) return;
    toast.success(added.message);
    form.resetFields();
  };

  return (
    <Form<CuentaFormValues>
      form={form}
      layout="vertical"
      initialValues={{ cuenta: '', cci: '' }}
      onValuesChange={clearMarksOnChange(form)}
      onFinish={() => void submit()}
      aria-label="Nueva cuenta"
    >
      <Row gutter={12} align="bottom">
        <Col xs={24} md={8}>
          <Form.Item label="Banco" name="id_banco" required>
            <Select
              options={lookups.bancos.map((b) => ({ value: b.ban_id, label: b.ban_nombre }))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccione el banco"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="Moneda" name="id_moneda" required>
            <Select
              options={lookups.monedas.map((m) => ({ value: m.mon_id, label: `${m.mon_descripcion} (${m.mon_simbolo})` }))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Moneda"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="Tipo" name="tipo_cuenta" required>
            <Select
              options={lookups.tipos_cuenta.map((t) => ({ value: t.tcu_id, label: t.tcu_descripcion }))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Tipo de cuenta"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Número" name="cuenta" required>
            <Input maxLength={30} placeholder="Número de cuenta" />
          </Form.Item>
        </Col>
        <Col xs={24} md={11}>
          <Form.Item label="CCI" name="cci" required>
            <Input maxLength={23} inputMode="numeric" placeholder="20 dígitos" />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending} block>
              Agregar
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

interface CuentasModalProps {
  proveedor: ProveedorRow;
  readOnly: boolean;
  onClose: () => void;
}

/** Bank accounts of a supplier: list, add and delete (spec 1 §2.12). */
export function CuentasModal({ proveedor, readOnly, onClose }: CuentasModalProps) {
  const cuentas = useCuentas(proveedor.id_proveedor);
  const lookups = useLookups('bancos', 'monedas', 'tipos_cuenta');
  const remove = useDeleteCuenta(proveedor.id_proveedor);
  const confirmDelete = useConfirmDelete();

  const bodyRef = useRef<HTMLDivElement>(null);

  const askDelete = (c: CuentaProveedorRow) => {
    // The confirmation gives focus back to what had it; the delete button goes away with its row,
    // so hand it the popup itself, or Escape would no longer close the popup.
    bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
    confirmDelete({
      title: `¿Desea eliminar la cuenta ${c.cuenta} del ${c.banco}?`,
      onConfirm: async () => toast.success((await remove.mutateAsync(c.id_cuenta_proveedor)).message),
    });
  };

  const columns: TableColumnsType<CuentaProveedorRow> = [
    { title: 'Banco', dataIndex: 'banco' },
    { title: 'Moneda', key: 'moneda', render: (_, c) => `${c.moneda} (${c.moneda_simbolo})` },
    { title: 'Tipo', dataIndex: 'tipo_cuenta_descripcion' },
    { title: 'Número', dataIndex: 'cuenta' },
    { title: 'CCI', dataIndex: 'cci', render: (cci: string) => <Typography.Text copyable={{ text: cci }}>{formatCci(cci)}</Typography.Text> },
  ];
  if (!readOnly) {
    columns.push({
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      width: 90,
      render: (_, c) => (
        <Tooltip title="Eliminar">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar cuenta ${c.cuenta}`} onClick={() => askDelete(c)} />
        </Tooltip>
      ),
    });
  }

  return (
    <Modal
      open
      width={960}
      title={`Cuentas de ${proveedor.razon_social}`}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" ref={bodyRef}>
        RUC {proveedor.ruc}
      </Typography.Paragraph>
      {!readOnly && lookups.data && <AddCuentaForm idProveedor={proveedor.id_proveedor} lookups={lookups.data} />}
      <Table<CuentaProveedorRow>
        rowKey="id_cuenta_proveedor"
        size="small"
        columns={columns}
        dataSource={cuentas.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={{ spinning: cuentas.isFetching, delay: 300, indicator: <span /> }}
        locale={{ emptyText: cuentas.data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PROVEEDOR_MSG.accountsEmpty} /> : <span /> }}
      />
    </Modal>
  );
}
