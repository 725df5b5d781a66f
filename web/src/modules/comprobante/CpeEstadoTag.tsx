import { CPE_ESTADO_NOMBRE, type CpeEstado } from '@obra/domain';
import { Tooltip } from 'antd';
import { StatusTag } from '../../ui/StatusTag';

const COLOR: Record<CpeEstado, string> = {
  por_enviar: 'processing',
  enviado: 'processing',
  aceptado: 'green',
  observado: 'gold',
  rechazado: 'red',
  error: 'volcano',
  demo: 'default',
  anulado: 'magenta',
};

/** SUNAT's answer as one line: '0 — La Factura numero F001-1, ha sido aceptada'. */
export const respuestaSunat = (codigo: string | null, texto: string | null) => [codigo, texto].filter(Boolean).join(' — ');

/**
 * An e-voucher's SUNAT state (issue 22) as the list and the order's voucher table show it: its
 * name coloured by how final it is, SUNAT's code and text on hover.
 */
export function CpeEstadoTag({ estado, codigo = null, texto = null }: { estado: string; codigo?: string | null; texto?: string | null }) {
  const tag = <StatusTag text={CPE_ESTADO_NOMBRE[estado as CpeEstado] ?? estado} color={COLOR[estado as CpeEstado] ?? 'default'} />;
  const respuesta = respuestaSunat(codigo, texto);
  if (!respuesta) return tag;
  return (
    <Tooltip title={`SUNAT: ${respuesta}`} placement="topLeft">
      <span>{tag}</span>
    </Tooltip>
  );
}
