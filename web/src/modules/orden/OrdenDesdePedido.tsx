import { FileSearchOutlined } from '@ant-design/icons';
import type { PedidoParaOC, PedidoProductoPendiente } from '@obra/domain';
import { Button, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../ui/format';
import { toast } from '../../base/toast';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { plain } from './OrdenCabecera';
import { emptyItem, type ItemForm } from './OrdenItems';
import { buscarPedidosParaOrden, productosPendientes } from './pedido-api';

/** A request's line still to buy as an order line: its product, unit and brand, quantity = approved − bought (DECISIONS §7). */
const lineaDePedido = (l: PedidoProductoPendiente): ItemForm => ({
  ...emptyItem(), prv_id: l.prv_id, producto: l.pid_producto, descripcion: l.pid_producto, id_marca: l.mar_id ?? 0, id_unidad: l.unm_id,
  cantidad: plain(l.pid_cantidad_pendiente), pid_id: l.pid_id,
});

interface Props {
  /** The request chosen and its lines still to buy, as order lines. */
  onElegir: (pedido: PedidoParaOC, lineas: ItemForm[]) => void;
  disabled?: boolean;
}

/**
 * 'Desde pedido' of the order form (DECISIONS §7): searches the approved requests with something left to buy
 * (by code, notes, project or warehouse; empty text lists the latest) and hands the chosen one's pending lines to the form.
 */
export function OrdenDesdePedido({ onElegir, disabled }: Props) {
  const [abierto, setAbierto] = useState(false);
  const [pedidos, setPedidos] = useState<PedidoParaOC[] | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [cargando, setCargando] = useState<number | null>(null);

  const buscar = async (texto: string) => {
    setBuscando(true);
    try {
      setPedidos(await buscarPedidosParaOrden(texto.trim()));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBuscando(false);
    }
  };

  const elegir = async (p: PedidoParaOC) => {
    setCargando(p.pei_id);
    try {
      onElegir(p, (await productosPendientes(p.pei_id)).map(lineaDePedido));
      setAbierto(false);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setCargando(null);
    }
  };

  return (
    <>
      <Button icon={<FileSearchOutlined />} disabled={disabled} onClick={() => { setAbierto(true); void buscar(''); }}>
        Desde pedido
      </Button>
      {abierto && (
        <Modal open width={860} title="Orden desde pedido" onCancel={() => setAbierto(false)} closable={false} footer={<Button onClick={() => setAbierto(false)}>Cerrar</Button>}>
          <Input.Search
            aria-label="Buscar pedido"
            placeholder="Código del pedido, notas, proyecto o almacén"
            enterButton="Buscar"
            allowClear
            loading={buscando}
            onSearch={(t) => void buscar(t)}
            style={{ marginBottom: 12 }}
          />
          <Table<PedidoParaOC>
            size="small"
            rowKey="pei_id"
            pagination={false}
            dataSource={pedidos ?? []}
            loading={buscando}
            scroll={{ y: 320 }}
            locale={{ emptyText: 'No hay pedidos aprobados con productos por comprar' }}
            columns={[
              { title: 'Código', dataIndex: 'pei_codigo', width: 150 },
              { title: 'Proyecto | Almacén', key: 'alm', render: (_, p) => warehouseLabel(p) },
              { title: 'Centro de costo', key: 'cec', width: 200, render: (_, p) => `${p.cec_codigo} - ${p.cec_descripcion}` },
              { title: 'Aprobación', dataIndex: 'pei_fecha_aprobacion', width: 100, render: (d: string | null) => formatDate(d) },
              {
                title: '',
                key: 'usar',
                width: 90,
                render: (_, p) => (
                  <Button size="small" type="primary" loading={cargando === p.pei_id} aria-label={`Usar ${p.pei_codigo}`} onClick={() => void elegir(p)}>Usar</Button>
                ),
              },
            ]}
          />
        </Modal>
      )}
    </>
  );
}
