import { PEDIDO_MSG, PedidoAprobar, type Pedido } from '@obra/domain';
import { App, Descriptions, Form } from 'antd';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { hasta, noNegativo, NumberInput } from '../../ui/inputs';
import { formatDecimal } from '../../ui/format';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useAprobarPedido, usePedido } from './api';
import { sinCeros } from './cantidad';

interface Linea {
  pid_id: number;
  pid_producto: string;
  unm_simbolo: string;
  pid_cantidad_solicitada: string;
  pid_cantidad_aprobada: string | null;
}
interface Values { lineas: Linea[] }

const cell = { style: { marginBottom: 0 } };

/** The approved quantity of each line starts at the requested one (spec 3 §5). */
const inicial = (p: Pedido): Values => ({
  lineas: p.lista_pedido_items_detalle.map((l) => ({
    pid_id: l.pid_id, pid_producto: l.pid_producto, unm_simbolo: l.unm_simbolo, pid_cantidad_solicitada: l.pid_cantidad_solicitada,
    pid_cantidad_aprobada: sinCeros(l.pid_cantidad_solicitada),
  })),
});

/**
 * The approve popup (spec 3 §2, §4, §8; option aprobar_pedido_items): the request's summary and an approved quantity
 * per line, from 0 to the requested one; Aprobar asks '¿Desea aprobar el pedido de items?' first.
 */
export function PedidoAprobarModal({ peiId, onClose }: { peiId: number; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const pedido = usePedido(peiId);
  const aprobar = useAprobarPedido();
  const p = pedido.data;
  const lineas = (Form.useWatch('lineas', { form, preserve: true }) ?? []) as Linea[];

  const confirmar = () => new Promise<boolean>((resolve) => {
    modal.confirm({
      title: PEDIDO_MSG.confirmarAprobar, okText: 'Aprobar', cancelText: 'Cancelar', autoFocusButton: 'cancel',
      onOk: () => resolve(true), onCancel: () => resolve(false),
    });
  });

  return (
    <FormModal<Values, PedidoAprobar>
      title={`Aprobar Pedido${p ? ` ${p.pei_codigo}` : ''}`}
      width={820}
      form={form}
      initialValues={p ? inicial(p) : undefined}
      loadError={pedido.isError ? PEDIDO_MSG.notFound : undefined}
      schema={PedidoAprobar}
      toPayload={(v) => ({
        pedido_items: { pei_id: peiId, lista_pedido_items_detalle: (v.lineas ?? []).map((l) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: l.pid_cantidad_aprobada ?? '' })) },
      })}
      okText="Aprobar"
      onSave={async (body) => {
        // Declining the question keeps the popup open with the quantities (a refusal without a toast).
        if (!(await confirmar())) throw new Error('cancelado');
        return aprobar.mutateAsync(body);
      }}
      onClose={onClose}
    >
      {p && (
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }} items={[
          { key: 'alm', label: 'Almacén', children: warehouseLabel(p) },
          { key: 'cec', label: 'Centro de costo', children: `${p.cec_codigo} - ${p.cec_descripcion}` },
          { key: 'sol', label: 'Solicitante', children: p.usu_solicitante_nombre },
          { key: 'notas', label: 'Notas', children: p.pei_notas || '-' },
        ]} />
      )}
      <FormListTable
        name="lineas"
        scroll={{ y: 300 }}
        columns={() => [
          { title: 'Producto', render: (_, fl) => lineas[fl.name]?.pid_producto },
          { title: 'UND', width: 70, render: (_, fl) => lineas[fl.name]?.unm_simbolo },
          { title: 'Solicitada', width: 110, align: 'right', render: (_, fl) => formatDecimal(lineas[fl.name]?.pid_cantidad_solicitada) },
          {
            title: 'Aprobada',
            width: 150,
            render: (_, fl, i) => (
              <Form.Item
                {...cell}
                name={[fl.name, 'pid_cantidad_aprobada']}
                rules={[
                  noNegativo(PEDIDO_MSG.cantidadAprobada),
                  hasta(lineas[fl.name]?.pid_cantidad_solicitada,
                    PEDIDO_MSG.aprobadaExcede(lineas[fl.name]?.pid_producto ?? '', formatDecimal(lineas[fl.name]?.pid_cantidad_solicitada))),
                ]}
              >
                <NumberInput aria-label={`Cantidad aprobada ${i + 1}`} />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormModal>
  );
}
