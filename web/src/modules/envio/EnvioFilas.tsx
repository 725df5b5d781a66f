import { DeleteOutlined } from '@ant-design/icons';
import { formatDecimal, type MixerFila } from '@obra/domain';
import { Button, DatePicker, Input, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { horasDeFila, type FilaEnvio } from './programacion';
import { FECHA_FORMATOS } from '../../ui/format';

interface Props {
  filas: FilaEnvio[];
  mixers: MixerFila[];
  onCambiar: (key: string, cambio: Partial<FilaEnvio>, topar?: boolean) => void;
  onQuitar: (key: string) => void;
}

/** The new dispatches of one order line: mixer, quantity, day, delivery, departure, frequency; loading and return computed. */
export function EnvioFilas({ filas, mixers, onCambiar, onQuitar }: Props) {
  const opciones = mixers.map((m) => ({ value: m.mix_id, label: `${m.mix_nombre} (${formatDecimal(m.mix_capacidad)} m³)`, title: `${m.mix_nombre} · ${m.mix_placa} · ${formatDecimal(m.mix_capacidad)} m³` }));
  const n = (f: FilaEnvio) => filas.indexOf(f) + 1;

  const columns: TableColumnsType<FilaEnvio> = [
    { title: 'N°', key: 'n', width: 44, render: (_, f) => n(f) },
    {
      title: 'Mixer', key: 'mixer', width: 250,
      render: (_, f) => (
        <Select<number> aria-label={`Mixer ${n(f)}`} value={f.mix_id ?? undefined} options={opciones} placeholder="Seleccione" style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }} onChange={(v) => onCambiar(f.key, { mix_id: v })} />
      ),
    },
    {
      title: 'Cantidad (m³)', key: 'cantidad', width: 110,
      render: (_, f) => (
        <Input aria-label={`Cantidad ${n(f)}`} value={f.cantidad} inputMode="decimal" maxLength={12}
          onChange={(e) => onCambiar(f.key, { cantidad: e.target.value })} onBlur={() => onCambiar(f.key, {}, true)} />
      ),
    },
    {
      title: 'Fecha', key: 'fecha', width: 140,
      render: (_, f) => (
        <DatePicker aria-label={`Fecha ${n(f)}`} format={FECHA_FORMATOS} allowClear={false} value={dayjs(f.fecha, 'DD-MM-YYYY')}
          onChange={(d) => d && onCambiar(f.key, { fecha: d.format('DD-MM-YYYY') })} style={{ width: '100%' }} />
      ),
    },
    {
      title: 'Hora entrega', key: 'entrega', width: 96,
      render: (_, f) => <Input aria-label={`Hora de entrega ${n(f)}`} value={f.entrega} placeholder="hh:mm" maxLength={5} onChange={(e) => onCambiar(f.key, { entrega: e.target.value })} />,
    },
    {
      title: 'Hora salida', key: 'salida', width: 96,
      render: (_, f) => <Input aria-label={`Hora de salida ${n(f)}`} value={f.salida} placeholder="hh:mm" maxLength={5} onChange={(e) => onCambiar(f.key, { salida: e.target.value })} />,
    },
    {
      title: 'Frecuencia (min)', key: 'frecuencia', width: 100,
      render: (_, f) => <Input aria-label={`Frecuencia ${n(f)}`} value={f.frecuencia} inputMode="numeric" maxLength={4} onChange={(e) => onCambiar(f.key, { frecuencia: e.target.value })} />,
    },
    {
      title: 'Carguío / Retorno', key: 'horas',
      render: (_, f) => {
        const h = horasDeFila(f);
        if (!h) return '-';
        if ('error' in h) return <Typography.Text type="danger" style={{ fontSize: 12 }}>{h.error}</Typography.Text>;
        return <span aria-label={`Horas ${n(f)}`}>Carguío {h.carguio} · Retorno {h.retorno}</span>;
      },
    },
    {
      title: '', key: 'quitar', width: 48,
      render: (_, f) => (
        <Tooltip title="Quitar envío">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar envío ${n(f)}`} onClick={() => onQuitar(f.key)} />
        </Tooltip>
      ),
    },
  ];

  return <Table<FilaEnvio> rowKey="key" size="small" columns={columns} dataSource={filas} pagination={false} tableLayout="fixed" />;
}
