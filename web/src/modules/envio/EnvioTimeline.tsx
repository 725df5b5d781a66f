import { FieldTimeOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDecimal, limaDate, type EnvioBloque, type MixerTimeline } from '@obra/domain';
import { Button, DatePicker, Empty, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FilterField } from '../../ui/FilterField';
import { useTimeline } from './api';
import { FECHA_FORMATOS } from '../../ui/format';

/** Spec 3 §2, §9: 1 minute = 1 pixel; a block shows its details when taller than 80. */
const DIA_MIN = 24 * 60;
const DETALLE_PX = 80;
const HORAS_W = 56;
const COL_W = 200;
const CABECERA_H = 44;

/** Block colours by the state's antd colour name (est_styles). */
const COLORES: Record<string, [string, string]> = {
  blue: ['#e6f4ff', '#1677ff'], cyan: ['#e6fffb', '#13c2c2'], geekblue: ['#f0f5ff', '#2f54eb'], purple: ['#f9f0ff', '#722ed1'],
  orange: ['#fff7e6', '#fa8c16'], gold: ['#fffbe6', '#faad14'], green: ['#f6ffed', '#52c41a'], red: ['#fff1f0', '#f5222d'],
  magenta: ['#fff0f6', '#eb2f96'], lime: ['#fcffe6', '#a0d911'], volcano: ['#fff2e8', '#fa541c'],
};

/** Minutes since 00:00 of `dia` of a Lima 'YYYY-MM-DDTHH:mm:ss', clamped to the day. */
function minutoDelDia(t: string, dia: string): number {
  const d = t.slice(0, 10);
  if (d < dia) return 0;
  if (d > dia) return DIA_MIN;
  return Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16));
}

/** Where a day opens: 30 minutes before its first loading, or 06:00 when it has no dispatch. */
function minutoInicial(mixers: MixerTimeline[], dia: string): number {
  const cargas = mixers.flatMap((m) => m.envios.map((e) => minutoDelDia(e.env_fecha_hora_carguio, dia)));
  return cargas.length ? Math.min(...cargas) - 30 : 6 * 60;
}

const ahoraMin = () => {
  const t = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
  return Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
};

function Bloque({ e, dia, onVer }: { e: EnvioBloque; dia: string; onVer: (envId: number) => void }) {
  const top = minutoDelDia(e.env_fecha_hora_carguio, dia);
  const alto = Math.max(16, minutoDelDia(e.env_fecha_hora_retorno, dia) - top);
  const [fondo, borde] = COLORES[e.est_styles] ?? ['#fafafa', '#8c8c8c'];
  const hora = (t: string) => t.slice(11, 16);
  return (
    <button
      type="button"
      aria-label={`Envío ${e.env_codigo} ${e.cli_nombre}`}
      title={`${e.env_codigo} · ${e.cli_nombre} · ${e.est_nombre}\nCarguío ${hora(e.env_fecha_hora_carguio)} · Entrega ${hora(e.env_fecha_hora_envio)} · Retorno ${hora(e.env_fecha_hora_retorno)}`}
      onClick={() => onVer(e.env_id)}
      style={{
        position: 'absolute', top, height: alto, left: 4, right: 4, padding: '2px 6px', overflow: 'hidden', textAlign: 'left', cursor: 'pointer',
        background: fondo, border: `1px solid ${borde}`, borderLeft: `4px solid ${borde}`, borderRadius: 4, fontSize: 12, lineHeight: '16px', zIndex: 1,
      }}
    >
      <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.cli_nombre}</div>
      {alto > DETALLE_PX && (
        // One line each, cut with an ellipsis: the block's title has everything in full.
        <div style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.env_codigo} · {formatDecimal(e.env_cantidad)} m³</div>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.cde_direccion || '-'}, {e.ubi_nombre}</div>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>Carguío {hora(e.env_fecha_hora_carguio)} · Retorno {hora(e.env_fecha_hora_retorno)}</div>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', color: borde }}>{e.est_nombre}</div>
        </div>
      )}
    </button>
  );
}

/**
 * Tab 2 'Despachos x Mixers' (spec 3 §2): a day grid, hours down the left (sticky) and one column per
 * active mixer (sticky names), each dispatch a block from loading to return; a now-line at the Lima
 * time, moved every minute. It opens at the day's first dispatch (06:00 when none) and 'Ir a la hora
 * actual' scrolls to the now-line. It polls the day's version while shown and reloads when it moved.
 */
export function EnvioTimeline({ activo, onVer }: { activo: boolean; onVer: (envId: number) => void }) {
  const [dia, setDia] = useState(() => limaDate());
  const { timeline, cambio } = useTimeline(dia, activo);
  const [ahora, setAhora] = useState(ahoraMin);
  const caja = useRef<HTMLDivElement>(null);
  const desplazado = useRef<string | null>(null);
  const { refetch } = timeline;

  useEffect(() => {
    const t = setInterval(() => setAhora(ahoraMin()), 60_000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (cambio) void refetch();
  }, [cambio, refetch]);

  const mixers: MixerTimeline[] = useMemo(() => timeline.data?.mixers ?? [], [timeline.data]);
  const esHoy = dia === limaDate();

  // On opening a day (today too: the morning's dispatches must not hide above), scroll to half an hour
  // before its first loading, or to 06:00 when it has none (issue 24). Later reloads keep the scroll.
  useEffect(() => {
    if (!timeline.data || !caja.current || desplazado.current === dia) return;
    desplazado.current = dia;
    caja.current.scrollTop = Math.max(0, minutoInicial(mixers, dia));
  }, [timeline.data, dia, mixers]);

  const irAhora = () => {
    if (caja.current) caja.current.scrollTop = Math.max(0, ahora - 60);
  };

  const ancho = HORAS_W + Math.max(1, mixers.length) * COL_W;

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="end" wrap>
        <FilterField label="Día">
          {(id) => (
            <DatePicker id={id} format={FECHA_FORMATOS} allowClear={false} value={dayjs(dia)} onChange={(d) => d && setDia(d.format('YYYY-MM-DD'))} />
          )}
        </FilterField>
        <Button icon={<ReloadOutlined />} loading={timeline.isFetching} onClick={() => void refetch()}>Actualizar</Button>
        {esHoy && <Button icon={<FieldTimeOutlined />} onClick={irAhora} disabled={!timeline.data || mixers.length === 0}>Ir a la hora actual</Button>}
        {/* What useTimeline does: every 10 s it asks whether the day changed and reloads when it did. */}
        <Typography.Text type="secondary">Se actualiza sola: cada 10 segundos revisa si alguien cambió los envíos de este día.</Typography.Text>
      </Flex>
      {!timeline.data ? (
        <Skeleton active />
      ) : mixers.length === 0 ? (
        <Empty description="No hay mixers activos" />
      ) : (
        <div ref={caja} role="region" aria-label="Despachos x Mixers" tabIndex={0}
          style={{ position: 'relative', overflow: 'auto', height: 'calc(100vh - 300px)', minHeight: 320, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <div style={{ position: 'relative', width: ancho, height: CABECERA_H + DIA_MIN }}>
            {/* Mixer names, sticky at the top. */}
            <div style={{ position: 'sticky', top: 0, zIndex: 3, display: 'flex', height: CABECERA_H, background: '#fff', borderBottom: '1px solid #d9d9d9' }}>
              <div style={{ position: 'sticky', left: 0, width: HORAS_W, flex: 'none', background: '#fff', zIndex: 4 }} />
              {mixers.map((m) => (
                <div key={m.mix_id} style={{ width: COL_W, flex: 'none', padding: '4px 8px', borderLeft: '1px solid #f0f0f0', fontSize: 12 }}>
                  <div style={{ fontWeight: 600 }}>{m.mix_nombre}</div>
                  <div style={{ color: '#8c8c8c' }}>{m.mix_placa} · {formatDecimal(m.mix_capacidad)} m³</div>
                </div>
              ))}
            </div>
            <div style={{ position: 'relative', display: 'flex', height: DIA_MIN }}>
              {/* Hours, sticky at the left. */}
              <div style={{ position: 'sticky', left: 0, width: HORAS_W, flex: 'none', background: '#fafafa', zIndex: 2, borderRight: '1px solid #d9d9d9' }}>
                {Array.from({ length: 24 }, (_, h) => (
                  <div key={h} style={{ position: 'absolute', top: h * 60, height: 60, width: '100%', padding: '0 6px', fontSize: 12, color: '#595959', borderTop: '1px solid #f0f0f0' }}>
                    {String(h).padStart(2, '0')}:00
                  </div>
                ))}
              </div>
              {mixers.map((m) => (
                <div key={m.mix_id} role="list" aria-label={`Mixer ${m.mix_nombre}`}
                  style={{ position: 'relative', width: COL_W, flex: 'none', borderLeft: '1px solid #f0f0f0',
                    backgroundImage: 'repeating-linear-gradient(to bottom, #f5f5f5 0, #f5f5f5 1px, transparent 1px, transparent 60px)' }}>
                  {m.envios.map((e) => <div role="listitem" key={e.env_id}><Bloque e={e} dia={dia} onVer={onVer} /></div>)}
                </div>
              ))}
              {esHoy && (
                <div aria-label="Hora actual" style={{ position: 'absolute', top: ahora, left: HORAS_W, right: 0, height: 0, borderTop: '2px solid #ff4d4f', zIndex: 2, pointerEvents: 'none' }} />
              )}
            </div>
          </div>
        </div>
      )}
    </Flex>
  );
}
