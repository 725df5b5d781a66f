import { ArrowLeftOutlined } from '@ant-design/icons';
import { CAJ, CAJA_MSG, CAJ_CON_RENDICION, type CajAccion, type CajaDetalle } from '@obra/domain';
import { Alert, Button, Card, Descriptions, Flex, Result, Table, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { StatusTag } from '../../ui/StatusTag';
import { useCaja } from './api';
import { CAJA_ACCION_ICONO, CAJA_ACCION_TEXTO, useCajaAcciones } from './CajaAcciones';
import { CajaRendicion } from './CajaRendicion';

/** An empty text shows as a dash (spec 2 §9). */
const orDash = (v: string | null | undefined): ReactNode => (v?.trim() ? v : '-');

/** The detail's buttons in the order of the cash's life; each shows only when its flag is on. */
const BOTONES: readonly CajAccion[] = [
  'solicitar_aprobacion_caja', 'aprobar_caja', 'desaprobar_caja', 'depositar_caja', 'editar_caja', 'cancelar_caja',
  'agregar_rendicion', 'solicitar_aprobacion_rendicion', 'aprobar_rendicion', 'desaprobar_rendicion', 'reembolsar_caja', 'devolver_caja',
];
/** The one button drawn as primary: what the flags most likely opened the screen for. */
const PRINCIPAL: readonly CajAccion[] = ['reembolsar_caja', 'devolver_caja', 'aprobar_caja', 'depositar_caja', 'aprobar_rendicion', 'solicitar_aprobacion_caja', 'solicitar_aprobacion_rendicion'];

const DESAPROBADA: readonly string[] = [CAJ.DESAPROBADA, CAJ.RENDICION_DESAPROBADA];

/** The cash id of /caja/view/:id, or null when malformed. */
function useCajaId(): number | null {
  const { id } = useParams();
  return id && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/**
 * Spec 2 §2 "Petty cash detail" (/caja/view/:id): the cash box, its requester, approval and deposit,
 * the settlement (totals, documents, attached PDF) and the state history; the actions its
 * `caj_opciones` flags allow, each asked first.
 */
export function CajaViewPage() {
  const navigate = useNavigate();
  const cajId = useCajaId();
  const caja = useCaja(cajId);
  const acciones = useCajaAcciones();
  const regresar = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/caja')}>
      Regresar
    </Button>
  );

  if (cajId === null || caja.isError) {
    return (
      <>
        <PageHeader title="Caja chica" />
        <Result status="warning" title={CAJA_MSG.notFound} extra={regresar} />
      </>
    );
  }
  const c = caja.data;
  if (!c) return <PageHeader title="Caja chica" />;

  const ofrecidas = BOTONES.filter((a) => c.caj_opciones[a]);
  const principal = PRINCIPAL.find((a) => c.caj_opciones[a]);

  return (
    <>
      <PageHeader
        title={`Caja ${c.caj_codigo}`}
        extra={
          <Flex gap={8} wrap>
            {regresar}
            {ofrecidas.map((a) => (
              <Button
                key={a}
                type={a === principal ? 'primary' : 'default'}
                danger={a === 'cancelar_caja' || a.startsWith('desaprobar')}
                icon={CAJA_ACCION_ICONO[a]}
                onClick={() => acciones.ejecutar(a, c)}
              >
                {CAJA_ACCION_TEXTO[a]}
              </Button>
            ))}
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        {/* While disapproved, the reason is what the requester has to act on: shown first. */}
        {DESAPROBADA.includes(c.est_id) && c.caj_observacion.trim() && (
          <Alert type="warning" showIcon title={c.est_id === CAJ.DESAPROBADA ? 'Caja desaprobada' : 'Rendición desaprobada'} description={c.caj_observacion} />
        )}
        <Card size="small" title="Datos de la caja">
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={datosCaja(c)} styles={{ label: { whiteSpace: 'nowrap' } }} />
        </Card>
        <Flex gap={16} wrap>
          <Card size="small" title="Solicitante" style={{ flex: '1 1 400px' }}>
            <Descriptions size="small" bordered column={1} items={datosSolicitante(c)} styles={{ label: { whiteSpace: 'nowrap', width: 150 } }} />
          </Card>
          <Card size="small" title="Aprobación y depósito" style={{ flex: '1 1 400px' }}>
            <Descriptions size="small" bordered column={1} items={datosAprobacion(c)} styles={{ label: { whiteSpace: 'nowrap', width: 150 } }} />
          </Card>
        </Flex>
        {CAJ_CON_RENDICION.includes(c.est_id as (typeof CAJ_CON_RENDICION)[number]) && <CajaRendicion caja={c} onAccion={(a) => acciones.ejecutar(a, c)} />}
        <Card size="small" title="Historial">
          <Table<CajaDetalle['historial'][number]>
            size="small"
            rowKey={(h) => `${h.cah_fecha}-${h.cah_estado}`}
            pagination={false}
            dataSource={c.historial}
            aria-label="Historial de la caja"
            columns={[
              { title: 'Fecha', dataIndex: 'cah_fecha', width: 170, render: (f: string) => formatDate(f, true) },
              { title: 'Estado', dataIndex: 'est_descripcion', width: 220 },
              { title: 'Usuario', dataIndex: 'usu_nombre', width: 260 },
              { title: 'Observación', dataIndex: 'cah_observacion', render: (o: string) => orDash(o) },
            ]}
          />
        </Card>
      </Flex>
      {acciones.popups}
    </>
  );
}

function datosCaja(c: CajaDetalle): DescriptionsProps['items'] {
  return [
    { key: 'codigo', label: 'Código', children: c.caj_codigo },
    { key: 'estado', label: 'Estado', children: <StatusTag text={c.est_descripcion} color={c.est_styles || 'default'} /> },
    { key: 'fecha', label: 'Fecha de registro', children: formatDate(c.caj_fecha_registro, true) },
    { key: 'tipo', label: 'Tipo de caja', children: c.tca_nombre },
    { key: 'cec', label: 'Centro de costo', children: `${c.cec_codigo} - ${c.cec_descripcion}` },
    { key: 'monto', label: 'Monto', children: <span data-testid="caja-monto">{c.caj_monto_text}</span> },
    { key: 'moneda', label: 'Moneda', children: c.mon_simbolo },
    { key: 'creador', label: 'Registrado por', children: orDash(c.usu_nombre_creador) },
    { key: 'gerente', label: 'Gerente', children: orDash(c.usu_gerente_nombre) },
    { key: 'titulo', label: 'Título', children: c.caj_titulo, span: 'filled' },
    { key: 'descripcion', label: 'Descripción', children: <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(c.caj_descripcion)}</span>, span: 'filled' },
  ];
}

function datosSolicitante(c: CajaDetalle): DescriptionsProps['items'] {
  const s = c.solicitante;
  return [
    { key: 'nombre', label: 'Nombre', children: orDash(s.usu_nombre) },
    { key: 'correo', label: 'Correo', children: orDash(s.usu_correo) },
    { key: 'dni', label: 'DNI', children: orDash(s.usu_dni) },
    { key: 'proyecto', label: 'Proyecto', children: orDash(s.pry_nombre) },
  ];
}

function datosAprobacion(c: CajaDetalle): DescriptionsProps['items'] {
  return [
    { key: 'aprobador', label: 'Aprobado por', children: orDash(c.usu_aprobador_nombre) },
    { key: 'faprobacion', label: 'Fecha de aprobación', children: c.caj_fecha_aprobacion ? formatDate(c.caj_fecha_aprobacion, true) : '-' },
    { key: 'fdeposito', label: 'Fecha de depósito', children: c.caj_fecha_deposito ? formatDate(c.caj_fecha_deposito) : '-' },
    { key: 'operacion', label: 'N° de operación', children: orDash(c.caj_numero_operacion) },
    { key: 'depositante', label: 'Depositado por', children: orDash(c.usu_depositante_nombre) },
    { key: 'observacion', label: 'Última observación', children: <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(c.caj_observacion)}</span> },
  ];
}
