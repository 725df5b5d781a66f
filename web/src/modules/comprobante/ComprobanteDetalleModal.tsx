import { CPE_CANAL_NOMBRE, CPE_TIPO_NOMBRE, type ComprobanteFila, type CpeCanal } from '@obra/domain';
import { Button, Descriptions, Flex, Modal, Tag, Typography, type DescriptionsProps } from 'antd';
import { formatDate, formatMoney } from '../../ui/format';
import { CpeEstadoTag } from './CpeEstadoTag';

const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/** 'YYYY-MM-DDTHH:mm:ss' (Lima) as 'dd-mm-yyyy HH:mm'. */
export const fechaHora = (v: string | null) => (v ? formatDate(v, true).slice(0, 16) : null);

function items(c: ComprobanteFila): DescriptionsProps['items'] {
  return [
    { key: 'tipo', label: 'Tipo', children: CPE_TIPO_NOMBRE[c.cpe_tipo] ?? c.cpe_tipo },
    { key: 'fecha', label: 'Fecha de emisión', children: formatDate(c.cpe_fecha_emision) },
    ...(c.cpe_referencia ? [{ key: 'ref', label: c.cpe_tipo === 'RA' || c.cpe_tipo === 'RC' ? 'Documento que anula' : 'Documento que modifica', children: c.cpe_referencia }] : []),
    ...(c.cpe_motivo ? [{ key: 'motivo', label: 'Motivo', children: `${c.cpe_motivo_codigo ? `${c.cpe_motivo_codigo} · ` : ''}${c.cpe_motivo}` }] : []),
    ...(c.cpe_baja ? [{ key: 'baja', label: c.cpe_estado === 'anulado' ? 'Anulado por' : 'Anulación en curso', span: 'filled' as const, children: c.cpe_baja }] : []),
    { key: 'cliente', label: 'Cliente', span: 'filled', children: c.cli_nombre ? `${c.cli_nombre} (${c.cli_documento_identidad})` : '-' },
    { key: 'total', label: 'Total', children: formatMoney(c.mon_simbolo, c.cpe_total) },
    { key: 'canal', label: 'Canal de envío', children: CPE_CANAL_NOMBRE[c.cpe_canal as CpeCanal] ?? c.cpe_canal },
    {
      key: 'estado',
      label: 'Estado SUNAT',
      span: 'filled',
      children: (
        <Flex gap={4} wrap>
          <CpeEstadoTag estado={c.cpe_estado} />
          {c.cpe_vencido && <Tag color="red">Fuera de plazo</Tag>}
        </Flex>
      ),
    },
    { key: 'codigo', label: 'Código de respuesta', children: orDash(c.cpe_respuesta_codigo) },
    { key: 'intentos', label: 'Intentos de envío', children: c.cpe_intentos },
    { key: 'texto', label: 'Respuesta de SUNAT', span: 'filled', children: orDash(c.cpe_respuesta_texto) },
    ...(c.cpe_proximo_intento ? [{ key: 'proximo', label: 'Próximo intento', span: 'filled' as const, children: fechaHora(c.cpe_proximo_intento) }] : []),
    {
      key: 'notas',
      label: 'Observaciones',
      span: 'filled',
      children: c.cpe_notas.length === 0 ? '-' : (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {c.cpe_notas.map((n) => <li key={`${n.codigo}-${n.texto}`}>{n.codigo} — {n.texto}</li>)}
        </ul>
      ),
    },
  ];
}

interface Props {
  comprobante: ComprobanteFila;
  /** 'Reenviar' when the document may be sent again and the user may write; asked first by the page. */
  onReenviar?: () => void;
  onClose: () => void;
}

/** What SUNAT (or the channel) answered for one e-voucher: code, text, observations, attempts and next try. */
export function ComprobanteDetalleModal({ comprobante: c, onReenviar, onClose }: Props) {
  return (
    <Modal
      open
      width={720}
      title={`Comprobante ${c.cpe_comprobante}`}
      onCancel={onClose}
      closable={false}
      footer={[
        <Button key="cerrar" onClick={onClose}>Cerrar</Button>,
        onReenviar && <Button key="reenviar" type="primary" onClick={onReenviar}>Reenviar</Button>,
      ]}
    >
      <Descriptions size="small" bordered column={2} items={items(c)} styles={{ label: { whiteSpace: 'nowrap' } }} aria-label="Respuesta de SUNAT" />
      {c.cpe_estado === 'demo' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Demostración: el comprobante se firmó con un certificado de prueba y no se envió a SUNAT.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
