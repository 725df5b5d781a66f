import { ESTADOS } from '@obra/domain';
import { Tag } from 'antd';

type StatusTagProps =
  /** A generic status (spec 1 §4.4) by est_id; 1 Activo, 0 Inactivo. */
  | { estId: number }
  /** Any other state list (order states, document states): its name and antd colour. */
  | { text: string; color: string };

export function StatusTag(props: StatusTagProps) {
  if ('text' in props) return <Tag color={props.color}>{props.text}</Tag>;
  const estado = ESTADOS.find((e) => e.est_id === props.estId);
  return <Tag color={estado?.est_styles ?? 'default'}>{estado?.est_nombre ?? props.estId}</Tag>;
}
