import {
  AppstoreOutlined, CarOutlined, CheckCircleOutlined, DollarOutlined, FileDoneOutlined, ShoppingCartOutlined, WalletOutlined,
} from '@ant-design/icons';
import { Card, Col, Flex, Row, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePendientes, type Pendiente } from './api';

/** Each area's icon, in the order the server lists the areas. */
const ICONOS: Record<string, ReactNode> = {
  Compras: <ShoppingCartOutlined />,
  Tesorería: <DollarOutlined />,
  Almacén: <AppstoreOutlined />,
  'Caja chica': <WalletOutlined />,
  Ventas: <FileDoneOutlined />,
  Despacho: <CarOutlined />,
};

/** Lines that tell of something gone wrong (late, refused) read in red; the rest in the primary colour. */
const URGENTES = new Set(['envio_atrasado', 'cpe_rechazado']);

/** The lines grouped by area, areas and lines in the server's order. */
function porArea(lineas: Pendiente[]): [string, Pendiente[]][] {
  const grupos = new Map<string, Pendiente[]>();
  for (const l of lineas) grupos.set(l.area, [...(grupos.get(l.area) ?? []), l]);
  return [...grupos.entries()];
}

function Linea({ l }: { l: Pendiente }) {
  const { token } = theme.useToken();
  const color = URGENTES.has(l.clave) ? token.colorError : token.colorPrimary;
  return (
    <Link to={l.enlace} data-clave={l.clave} data-cantidad={l.cantidad} aria-label={`${l.titulo}: ${l.cantidad}`}>
      <Flex align="center" gap={12} style={{ padding: '6px 10px', borderRadius: token.borderRadius, background: token.colorFillQuaternary }}>
        <span style={{ minWidth: 40, textAlign: 'right', fontSize: 22, fontWeight: 600, lineHeight: '28px', color, fontVariantNumeric: 'tabular-nums' }}>
          {l.cantidad.toLocaleString('es-PE')}
        </span>
        <span style={{ color: token.colorText }}>{l.titulo}</span>
      </Flex>
    </Link>
  );
}

/** Inicio's work queue (issue 25): what waits for the caller, by area, each line a link to its list already filtered. */
export function ColaTrabajo() {
  const { data, isPending, isError } = usePendientes();
  const { token } = theme.useToken();
  const total = data?.reduce((s, l) => s + l.cantidad, 0) ?? 0;
  return (
    <Card
      title="Pendientes"
      size="small"
      style={{ marginBottom: 16 }}
      aria-label="Pendientes"
      extra={total > 0 && <Typography.Text type="secondary">{total.toLocaleString('es-PE')} en total</Typography.Text>}
    >
      {isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : isError ? (
        <Typography.Text type="secondary">No se pudieron cargar los pendientes</Typography.Text>
      ) : data.length === 0 ? (
        <Flex align="center" gap={8} style={{ padding: '4px 0' }}>
          <CheckCircleOutlined style={{ color: token.colorSuccess, fontSize: 18 }} />
          <Typography.Text type="secondary">No tiene pendientes</Typography.Text>
        </Flex>
      ) : (
        <Row gutter={[24, 16]}>
          {porArea(data).map(([area, lineas]) => (
            <Col key={area} xs={24} md={12} xl={8}>
              <section aria-label={area}>
                <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6, fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.5 }}>
                  {ICONOS[area]} <span style={{ marginLeft: 4 }}>{area}</span>
                </Typography.Text>
                <Flex vertical gap={6}>
                  {lineas.map((l) => <Linea key={l.clave} l={l} />)}
                </Flex>
              </section>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
