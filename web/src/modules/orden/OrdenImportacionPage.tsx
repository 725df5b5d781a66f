import { SaveOutlined } from '@ant-design/icons';
import { MSG, ORDEN_ESTADO_MSG, ORE_IMPORTACION, estadoNombre } from '@obra/domain';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useOrden } from './api';
import { useActualizarEstado, useMotivos } from './estados-api';
import { OrdenMotivo } from './OrdenMotivo';
import { OrdenResumen } from './OrdenResumen';
import { OrdenNoEncontrada, RegresarAOrdenes } from './OrdenRegresar';
import { useOrdenId } from './useOrdenId';
import { limite } from '../../ui/inputs';

interface Campos {
  hasta: number;
  descripcion: string;
}

/**
 * Spec 1 §2.12 "Import status update" (/orden/importacion/:id): one of the five import states,
 * different from the current one, and a required comment. The server checks the same.
 */
export function OrdenImportacionPage() {
  const navigate = useNavigate();
  const idOrden = useOrdenId();
  const orden = useOrden(idOrden);
  const actualizar = useActualizarEstado();
  const motivos = useMotivos(idOrden);
  const [form] = Form.useForm<Campos>();
  const back = <RegresarAOrdenes />;

  if (idOrden === null || orden.isError || motivos.isError) {
    return <OrdenNoEncontrada title="Actualizar estado de importación" />;
  }
  const o = orden.data;
  if (!o || !motivos.data) return <PageHeader title="Actualizar estado de importación" />;
  const actual = o.estado.id_orden_estado;
  const opciones = ORE_IMPORTACION.map((id) => ({ value: id, label: estadoNombre(id), disabled: id === actual }));

  const guardar = async ({ hasta, descripcion }: Campos) => {
    try {
      const reply = await actualizar.mutateAsync({ idOrden, hasta, descripcion });
      toast.success(reply.message || ORDEN_ESTADO_MSG.estadoActualizado);
      void navigate('/orden');
    } catch {
      // Toasted by the query cache; the form keeps what the user typed.
    }
  };

  return (
    <>
      <PageHeader title={`Actualizar estado de importación ${o.codigo}`} extra={back} />
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <OrdenResumen orden={o} />
        {motivos.data.actualizar_estado ? (
          <OrdenMotivo title="No se puede actualizar el estado de importación" motivo={motivos.data.actualizar_estado} />
        ) : (
          <Card size="small" title="Nuevo estado">
            <Form<Campos> form={form} layout="vertical" onFinish={(v) => void guardar(v)} disabled={actualizar.isPending}>
              <Form.Item
                name="hasta"
                label="Estado"
                rules={[
                  { required: true, message: MSG.required },
                  { validator: (_, v) => (v === actual ? Promise.reject(new Error(ORDEN_ESTADO_MSG.mismoEstado)) : Promise.resolve()) },
                ]}
              >
                <Select<number> options={opciones} placeholder="Seleccione el nuevo estado" aria-label="Estado" />
              </Form.Item>
              <Form.Item name="descripcion" label="Comentario" rules={[{ required: true, whitespace: true, message: MSG.required }, { max: 500 }]}>
                <Input.TextArea rows={3} count={limite(500)} aria-label="Comentario" />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={actualizar.isPending}>
                Guardar
              </Button>
            </Form>
          </Card>
        )}
      </Flex>
    </>
  );
}
