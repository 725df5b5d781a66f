import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal, formatMoney } from '../../ui/format';
import { useIndicador, type Barra } from './figuras-api';

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** '2026-01' → 'ene 2026'. */
const mes = (clave: string) => `${MESES[Number(clave.slice(5, 7)) - 1]} ${clave.slice(0, 4)}`;
/** '2026-01-07' → '07 ene'. */
const dia = (clave: string) => `${clave.slice(8, 10)} ${MESES[Number(clave.slice(5, 7)) - 1]}`;
const soles = (v: number | string) => formatMoney('S/', v);
const compacto = (v: number) => (Math.abs(v) >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : Math.abs(v) >= 1e3 ? `${Math.round(v / 1e3)} mil` : String(v));
/** The first word of a long name (a cost centre's code, a project's first word) for a narrow axis. */
const corto = (s: string, n = 14) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const AZUL = '#1677ff';
const VERDE = '#52c41a';
const NARANJA = '#fa8c16';
const TRAMOS = ['#52c41a', '#fadb14', '#fa8c16', '#f5222d', '#a8071a'];

function Panel({ titulo, extra, loading, vacio, children }: { titulo: string; extra?: string; loading: boolean; vacio: boolean; children: ReactNode }) {
  return (
    <Card title={titulo} extra={extra && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{extra}</Typography.Text>}
      size="small" aria-label={titulo} styles={{ body: { height: 240 } }}>
      {loading ? <Skeleton active paragraph={{ rows: 5 }} />
        : vacio ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin datos en el periodo" />
          : children}
    </Card>
  );
}

interface Fila { nombre: string; completo: string; [serie: string]: string | number }
interface Serie { clave: string; nombre: string; color: string; texto: (f: Fila) => string; apilar?: boolean }

/** Bars of one or more series; the axis shows a short name, the tooltip the whole one and the server's text. */
function Barras({ filas, series, horizontal = false, eje = compacto, ancho = 96, leyenda = false }: {
  filas: Fila[]; series: Serie[]; horizontal?: boolean; eje?: (v: number) => string; ancho?: number; leyenda?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={filas} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 0, left: horizontal ? 4 : 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={eje} fontSize={11} />
            <YAxis type="category" dataKey="nombre" width={ancho} fontSize={11} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="nombre" fontSize={10} interval="preserveStartEnd" angle={-35} textAnchor="end" height={44} />
            <YAxis tickFormatter={eje} fontSize={11} width={56} />
          </>
        )}
        <Tooltip labelFormatter={(_l, items) => (items[0]?.payload as Fila | undefined)?.completo ?? ''}
          formatter={(_v, _n, item) => {
            const s = series.find((x) => x.clave === item.dataKey);
            return [s ? s.texto(item.payload as Fila) : '', s?.nombre ?? ''];
          }} />
        {leyenda && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar key={s.clave} dataKey={s.clave} name={s.nombre} fill={s.color} stackId={s.apilar ? 'a' : undefined}
            radius={s.apilar ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]} maxBarSize={36} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A single series of amounts in soles. */
const montos = (datos: Barra[], nombre: (b: Barra) => string, completo: (b: Barra) => string = nombre): Fila[] =>
  datos.map((b) => ({ nombre: nombre(b), completo: completo(b), monto: Number(b.monto), monto_texto: b.monto }));
const SERIE_SOLES: Serie[] = [{ clave: 'monto', nombre: 'Monto', color: AZUL, texto: (f) => soles(f.monto_texto as string) }];

const columna = (p: ReactNode) => <Col xs={24} lg={12} xl={8}>{p}</Col>;

function PanelesCompras() {
  const q = useIndicador('compras', true);
  const d = q.data;
  return (
    <>
      {columna(
        <Panel titulo="Compras por mes" extra="últimos 12 meses" loading={q.isPending} vacio={!d?.por_mes.length}>
          {d && <Barras filas={montos(d.por_mes, (b) => mes(b.clave))} series={SERIE_SOLES} />}
        </Panel>,
      )}
      {columna(
        <Panel titulo="Compras por centro de costo" extra="12 mayores" loading={q.isPending} vacio={!d?.por_centro_costo.length}>
          {d && <Barras filas={montos(d.por_centro_costo, (b) => b.etiqueta.split(' ')[0] ?? b.etiqueta, (b) => b.etiqueta)} series={SERIE_SOLES} horizontal ancho={80} />}
        </Panel>,
      )}
    </>
  );
}

function PanelPagos() {
  const q = useIndicador('pagos', true);
  const filas = (q.data?.por_mes ?? []).map((m) => ({
    nombre: mes(m.clave), completo: mes(m.clave), aprobado: Number(m.aprobado), depositado: Number(m.depositado), a: m.aprobado, d: m.depositado,
  }));
  return columna(
    <Panel titulo="Órdenes de pago: aprobadas y depositadas" extra="por mes" loading={q.isPending} vacio={filas.length === 0}>
      <Barras filas={filas} leyenda series={[
        { clave: 'aprobado', nombre: 'Aprobadas', color: NARANJA, texto: (f) => soles(f.a as string) },
        { clave: 'depositado', nombre: 'Depositadas', color: VERDE, texto: (f) => soles(f.d as string) },
      ]} />
    </Panel>,
  );
}

function PanelesVentas() {
  const q = useIndicador('ventas', true);
  const d = q.data;
  return (
    <>
      {columna(
        <Panel titulo="Ventas por mes" extra="últimos 12 meses" loading={q.isPending} vacio={!d?.por_mes.length}>
          {d && <Barras filas={montos(d.por_mes, (b) => mes(b.clave))} series={SERIE_SOLES} />}
        </Panel>,
      )}
      {columna(
        <Panel titulo="Ventas por producto" extra="10 mayores" loading={q.isPending} vacio={!d?.por_producto.length}>
          {d && <Barras filas={montos(d.por_producto, (b) => corto(b.etiqueta, 16), (b) => b.etiqueta)} series={SERIE_SOLES} horizontal ancho={130} />}
        </Panel>,
      )}
      {columna(
        <Panel titulo="Ventas por cliente" extra="10 mayores" loading={q.isPending} vacio={!d?.por_cliente.length}>
          {d && <Barras filas={montos(d.por_cliente, (b) => corto(b.etiqueta, 16), (b) => b.etiqueta)} series={SERIE_SOLES} horizontal ancho={130} />}
        </Panel>,
      )}
    </>
  );
}

function PanelCobranza() {
  const q = useIndicador('cobranza', true);
  const tramos = q.data?.tramos ?? [];
  const filas = tramos.map((t) => ({ nombre: t.etiqueta, completo: `${t.etiqueta} · ${t.ordenes} ${t.ordenes === 1 ? 'pedido' : 'pedidos'}`, monto: Number(t.monto), monto_texto: t.monto }));
  return columna(
    <Panel titulo="Cuentas por cobrar por antigüedad" extra="crédito, días vencidos" loading={q.isPending} vacio={filas.length === 0}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={filas} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="nombre" fontSize={11} interval={0} />
          <YAxis tickFormatter={compacto} fontSize={11} width={56} />
          <Tooltip labelFormatter={(_l, items) => (items[0]?.payload as Fila | undefined)?.completo ?? ''}
            formatter={(_v, _n, item) => [soles((item.payload as Fila).monto_texto as string), 'Saldo']} />
          <Bar dataKey="monto" maxBarSize={48} radius={[4, 4, 0, 0]}>
            {filas.map((f, i) => <Cell key={f.nombre} fill={TRAMOS[i] ?? AZUL} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Panel>,
  );
}

function PanelDespachos() {
  const q = useIndicador('despachos', true);
  const filas = (q.data?.por_dia ?? []).map((x) => ({
    nombre: dia(x.clave), completo: `${dia(x.clave)} ${x.clave.slice(0, 4)} · ${x.envios} ${x.envios === 1 ? 'envío' : 'envíos'}`, m3: Number(x.m3), t: x.m3,
  }));
  return columna(
    <Panel titulo="m³ despachados por día" extra="últimos 30 días" loading={q.isPending} vacio={filas.length === 0}>
      <Barras filas={filas} eje={(v) => String(v)} series={[{ clave: 'm3', nombre: 'Despachado', color: AZUL, texto: (f) => `${formatDecimal(f.t as string, 2)} m³` }]} />
    </Panel>,
  );
}

function PanelMixers() {
  const q = useIndicador('mixers', true);
  const filas = (q.data?.por_mixer ?? []).slice(0, 12).map((m) => ({
    nombre: corto(m.etiqueta.split(' · ')[1] ?? m.etiqueta, 10), completo: `${m.etiqueta} · ${m.envios} ${m.envios === 1 ? 'envío' : 'envíos'}`, horas: Number(m.horas), t: m.horas,
  }));
  return columna(
    <Panel titulo="Horas de uso por mixer" extra="últimos 30 días" loading={q.isPending} vacio={filas.length === 0}>
      <Barras filas={filas} horizontal ancho={72} eje={(v) => `${v} h`} series={[{ clave: 'horas', nombre: 'En uso', color: AZUL, texto: (f) => `${formatDecimal(f.t as string, 1)} h` }]} />
    </Panel>,
  );
}

function PanelCajas() {
  const q = useIndicador('cajas', true);
  const filas = (q.data?.por_proyecto ?? []).map((p) => {
    const otras = p.otras_monedas.map((o) => formatMoney(o.mon_simbolo, o.monto)).join(', ');
    return {
      nombre: corto(p.etiqueta, 16), completo: `${p.etiqueta} · ${p.cajas} ${p.cajas === 1 ? 'caja abierta' : 'cajas abiertas'}${otras ? ` (además ${otras})` : ''}`,
      por_depositar: Number(p.por_depositar), entregado: Number(p.entregado), pd: p.por_depositar, en: p.entregado,
    };
  });
  return columna(
    <Panel titulo="Cajas chicas abiertas por proyecto" extra="en soles" loading={q.isPending} vacio={filas.length === 0}>
      <Barras filas={filas} horizontal leyenda ancho={110} series={[
        { clave: 'por_depositar', nombre: 'Por depositar', color: NARANJA, apilar: true, texto: (f) => soles(f.pd as string) },
        { clave: 'entregado', nombre: 'Entregado, sin cerrar', color: AZUL, apilar: true, texto: (f) => soles(f.en as string) },
      ]} />
    </Panel>,
  );
}

/** The panels (issue 25, docs/business-rules.md "Inicio: figuras"); each its own request and loading state. */
export default function FigurasPaneles({ modulos }: { modulos: string[] }) {
  const lee = (m: string) => modulos.includes(m);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>Indicadores</Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {lee('orden_compra') && <PanelesCompras />}
        {lee('orden_pago') && <PanelPagos />}
        {lee('orden_venta') && <PanelesVentas />}
        {lee('orden_venta') && <PanelCobranza />}
        {lee('envio') && <PanelDespachos />}
        {lee('envio') && <PanelMixers />}
        {lee('caja') && <PanelCajas />}
      </Row>
    </>
  );
}
