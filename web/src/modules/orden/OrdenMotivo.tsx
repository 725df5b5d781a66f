import { Result } from 'antd';
import { RegresarAOrdenes } from './OrdenRegresar';

/**
 * A one-action screen that cannot act for this order and caller (issue 9): the reason, said on
 * opening from the rule the server applies (`/orden/motivos`), and Regresar instead of the form.
 */
export function OrdenMotivo({ title, motivo }: { title: string; motivo: string }) {
  return <Result status="info" title={title} subTitle={motivo} extra={<RegresarAOrdenes />} />;
}
