import { FilePdfOutlined, FileTextOutlined, LinkOutlined } from '@ant-design/icons';
import { ENVIO_MSG, formatDecimal, type EnvioGuiaFila, type EnvioHistorialFila } from '@obra/domain';
import { Alert, Button, Card, Descriptions, Flex, Modal, Skeleton, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CpeEstadoTag } from '../comprobante/CpeEstadoTag';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useDescargarGuia, useEnvio, useVerGuia } from './api';

/** 'YYYY-MM-DDTHH:mm:ss' (Lima) as 'dd-mm-yyyy HH:mm'. */
export const fechaHora = (t: string | null | undefined) => (t ? `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}` : '-');

/**
 * The dispatch view (800 px, spec 3 §2 "Dispatches"): the dispatch, every state it went through with
 * its time, and its sender guides with SUNAT's state (issue 23); a guide opens as a PDF in a new tab
 * once SUNAT answered (or in the demo, saying so), before that the spec's message says it is not
 * accepted yet (the popup reads the dispatch again first); its XML downloads, and SUNAT's QR link opens.
 */
export function EnvioViewModal({ envId, onClose }: { envId: number; onClose: () => void }) {
  const envio = useEnvio(envId);
  const ver = useVerGuia();
  const descargar = useDescargarGuia();
  const e = envio.data;

  const abrirGuia = async (g: EnvioGuiaFila) => {
    const fresco = (await envio.refetch()).data?.lista_nube_fact_guia.find((x) => x.ngu_id === g.ngu_id) ?? g;
    // Accepted, the demo's or rejected (the PDF says so); before SUNAT answers, the spec's text.
    if (!fresco.ngu_enlace && fresco.nco_estado_sunat !== 'rechazado') return toast.error(ENVIO_MSG.guiaNoAceptada(fresco.guia));
    ver.mutate(fresco.ngu_id);
  };

  const historial: TableColumnsType<EnvioHistorialFila> = [
    { title: 'Estado', dataIndex: 'est_nombre', width: 160 },
    { title: 'Fecha y hora', dataIndex: 'hee_fecha_registro', width: 160, render: fechaHora },
    { title: 'Usuario', dataIndex: 'usu_nombre' },
  ];
  const guias: TableColumnsType<EnvioGuiaFila> = [
    { title: 'Guía', dataIndex: 'guia', width: 130 },
    { title: 'Conductor', key: 'conductor', render: (_, g) => <>{g.cdt_nombre}<br /><Typography.Text type="secondary">Licencia {g.cdt_licencia || '-'}</Typography.Text></> },
    {
      title: 'Peso bruto', key: 'peso', width: 110, align: 'right',
      render: (_, g) => (g.ngu_peso_bruto ? `${formatDecimal(g.ngu_peso_bruto)} ${g.ngu_unidad_peso === 'TNE' ? 't' : 'kg'}` : '-'),
    },
    { title: 'Emitida', dataIndex: 'ngu_fecha_registro', width: 130, render: fechaHora },
    { title: 'SUNAT', key: 'sunat', width: 150, render: (_, g) => <CpeEstadoTag estado={g.nco_estado_sunat} texto={g.nco_respuesta} /> },
    {
      title: 'Archivos', key: 'archivos', width: 130, align: 'center',
      render: (_, g) => (
        <Flex gap={0} justify="center">
          <Tooltip title="Ver guía (PDF)">
            <Button type="text" icon={<FilePdfOutlined />} aria-label={`Ver guía ${g.guia}`} loading={ver.isPending} onClick={() => void abrirGuia(g)} />
          </Tooltip>
          <Tooltip title="Descargar XML">
            <Button type="text" icon={<FileTextOutlined />} aria-label={`XML de la guía ${g.guia}`} disabled={g.nco_id === null}
              onClick={() => descargar.mutate({ ngu_id: g.ngu_id, formato: 'xml' })} />
          </Tooltip>
          {g.ngu_enlace?.startsWith('http') && (
            <Tooltip title="Consultar en SUNAT (enlace del QR)">
              <Button type="text" icon={<LinkOutlined />} aria-label={`Consultar la guía ${g.guia} en SUNAT`} href={g.ngu_enlace} target="_blank" rel="noreferrer" />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Modal open title={e ? `Envío ${e.env_codigo}` : 'Envío'} width={800} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
      {!e ? (
        envio.isError ? <Alert type="error" title={envio.error.message} /> : <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="Pedido">{e.ovt_id}</Descriptions.Item>
            <Descriptions.Item label="Estado"><StatusTag text={e.est_nombre} color={e.est_styles || 'default'} /></Descriptions.Item>
            <Descriptions.Item label="Cliente" span={2}>{e.cli_nombre}</Descriptions.Item>
            <Descriptions.Item label="Producto" span={2}>{e.ovd_producto}</Descriptions.Item>
            <Descriptions.Item label="Cantidad">{formatDecimal(e.env_cantidad)} {e.unm_simbolo || 'm³'}</Descriptions.Item>
            <Descriptions.Item label="Mixer">{e.mix_nombre}</Descriptions.Item>
            <Descriptions.Item label="Dirección" span={2}>{e.cde_direccion || '-'}, {e.ubi_nombre}</Descriptions.Item>
            <Descriptions.Item label="Carguío">{fechaHora(e.env_fecha_hora_carguio)}</Descriptions.Item>
            <Descriptions.Item label="Salida">{fechaHora(e.env_fecha_hora_salida)}</Descriptions.Item>
            <Descriptions.Item label="Entrega">{fechaHora(e.env_fecha_hora_envio)}</Descriptions.Item>
            <Descriptions.Item label="Retorno">{fechaHora(e.env_fecha_hora_retorno)}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="Historial de estados">
            <Table<EnvioHistorialFila> rowKey={(h) => `${h.est_id}-${h.hee_fecha_registro}`} size="small" columns={historial}
              dataSource={e.lista_historial_estado_envio} pagination={false} aria-label="Historial de estados" />
          </Card>
          <Card size="small" title="Guías de remisión remitente">
            <Table<EnvioGuiaFila> rowKey="ngu_id" size="small" columns={guias} dataSource={e.lista_nube_fact_guia} pagination={false}
              aria-label="Guías de remisión" locale={{ emptyText: 'Sin guía: genérela antes de que el envío salga (SUNAT la pide antes del traslado)' }} />
          </Card>
        </Flex>
      )}
    </Modal>
  );
}
