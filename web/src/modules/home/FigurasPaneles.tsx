import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { apiPost } from '../../base/api';
import { formatMoney } from '../../ui/format';

/** A bar of a panel: amounts in soles as NUMERIC strings rounded to 2 decimals (server). */
interface Barra { clave: string; etiqueta: string; monto: string }
interface Compras { desde: string; hasta: string; por_mes: Barra[]; por_centro_costo: Barra[] }

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** '2026-01' → 'ene 2026'. */
const mes = (clave: string) => `${MESES[Number(clave.slice(5, 7)) - 1]} ${clave.slice(0, 4)}`;
const soles = (v: number | string) => formatMoney('S/', v);
const compacto = (v: number) => (Math.abs(v) >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : Math.abs(v) >= 1e3 ? `${Math.round(v / 1e3)} mil` : String(v));

function useCompras() {
  return useQuery({
    queryKey: ['indicador', 'compras'],
    queryFn: async () => (await apiPost<Compras>('/indicador/compras', {})).data,
    staleTime: 5 * 60_000,
  });
}

function Panel({ titulo, loading, vacio, children }: { titulo: string; loading: boolean; vacio: boolean; children: ReactNode }) {
  return (
    <Card title={titulo} size="small" aria-label={titulo} styles={{ body: { height: 260 } }}>
      {loading ? <Skeleton active paragraph={{ rows: 5 }} />
        : vacio ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin datos en el periodo" />
          : children}
    </Card>
  );
}

function Barras({ datos, etiqueta, eje = etiqueta, horizontal = false }: { datos: Barra[]; etiqueta: (b: Barra) => string; eje?: (b: Barra) => string; horizontal?: boolean }) {
  // The axis shows a short name (a cost centre's code), the tooltip the whole one.
  const filas = datos.map((b) => ({ nombre: eje(b), completo: etiqueta(b), monto: Number(b.monto), texto: b.monto }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={filas} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 0, left: horizontal ? 8 : 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={compacto} fontSize={11} />
            <YAxis type="category" dataKey="nombre" width={88} fontSize={11} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="nombre" fontSize={10} interval={0} angle={-35} textAnchor="end" height={44} />
            <YAxis tickFormatter={compacto} fontSize={11} width={56} />
          </>
        )}
        <Tooltip labelFormatter={(_l, items) => (items[0]?.payload as { completo?: string } | undefined)?.completo ?? ''}
          formatter={(_v, _n, item) => [soles((item.payload as { texto: string }).texto), 'Monto']} />
        <Bar dataKey="monto" fill="#1677ff" radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]} maxBarSize={36} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The panels (issue 25, docs/business-rules.md "Inicio: figuras"); each one request and its own loading state. */
export default function FigurasPaneles({ modulos }: { modulos: string[] }) {
  const compras = useCompras();
  if (!modulos.includes('orden_compra')) return null;
  const d = compras.data;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>Indicadores</Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Panel titulo="Compras por mes" loading={compras.isPending} vacio={!d || d.por_mes.length === 0}>
            {d && <Barras datos={d.por_mes} etiqueta={(b) => mes(b.clave)} />}
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel titulo="Compras por centro de costo" loading={compras.isPending} vacio={!d || d.por_centro_costo.length === 0}>
            {d && <Barras datos={d.por_centro_costo} etiqueta={(b) => b.etiqueta} eje={(b) => b.etiqueta.split(' ')[0] ?? b.etiqueta} horizontal />}
          </Panel>
        </Col>
      </Row>
    </>
  );
}
