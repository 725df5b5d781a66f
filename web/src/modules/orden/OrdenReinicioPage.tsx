import { RedoOutlined } from '@ant-design/icons';
import { MSG, ORDEN_ESTADO_MSG } from '@obra/domain';
import { Alert, App, Button, Card, Flex, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useOrden } from './api';
import { useMotivos, useReiniciarOrden } from './estados-api';
import { OrdenMotivo } from './OrdenMotivo';
import { OrdenResumen } from './OrdenResumen';
import { OrdenNoEncontrada, RegresarAOrdenes } from './OrdenRegresar';
import { useOrdenId } from './useOrdenId';

/**
 * Spec 1 §2.12 "Restart" (/orden/restart/:id?code=), DECISIONS §4: back to creado with both
 * approvals cleared; the order's code confirms it (prefilled from `code`); SUPER or ADMINISTRADOR.
 */
export function OrdenReinicioPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const idOrden = useOrdenId();
  const orden = useOrden(idOrden);
  const reiniciar = useReiniciarOrden();
  const motivos = useMotivos(idOrden);
  const back = <RegresarAOrdenes />;

  if (idOrden === null || orden.isError || motivos.isError) {
    return <OrdenNoEncontrada title="Reiniciar estado de la orden" />;
  }
  const o = orden.data;
  if (!o || !motivos.data) return <PageHeader title="Reiniciar estado de la orden" />;

  const confirmar = ({ codigo }: { codigo: string }) =>
    modal.confirm({
      title: `¿Desea reiniciar la orden ${o.codigo}?`,
      content: 'La orden vuelve al estado Creado y se borran sus aprobaciones.',
      okText: 'Reiniciar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          const reply = await reiniciar.mutateAsync({ idOrden, codigo });
          toast.success(reply.message || ORDEN_ESTADO_MSG.reiniciado);
          void navigate(`/orden/view/${idOrden}`);
        } catch {
          // Toasted by the query cache.
        }
      },
    });

  return (
    <>
      <PageHeader title={`Reiniciar estado ${o.codigo}`} extra={back} />
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <OrdenResumen orden={o} />
        {motivos.data.reiniciar ? (
          <OrdenMotivo title="No se puede reiniciar esta orden" motivo={motivos.data.reiniciar} />
        ) : (
          <Card size="small" title="Reiniciar">
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="La orden volverá al estado Creado, podrá editarse y deberá aprobarse de nuevo. Escriba su código para confirmar."
            />
            <Form layout="vertical" initialValues={{ codigo: params.get('code') ?? '' }} onFinish={confirmar} disabled={reiniciar.isPending}>
              <Form.Item name="codigo" label="Código de la orden" rules={[{ required: true, whitespace: true, message: MSG.required }]}>
                <Input aria-label="Código de la orden" autoComplete="off" />
              </Form.Item>
              <Button danger type="primary" htmlType="submit" icon={<RedoOutlined />} loading={reiniciar.isPending}>
                Reiniciar
              </Button>
            </Form>
          </Card>
        )}
      </Flex>
    </>
  );
}
