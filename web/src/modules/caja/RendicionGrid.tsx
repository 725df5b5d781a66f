import { DeleteOutlined } from '@ant-design/icons';
import { claveCentroCosto, claveTipoDocumento, isDate } from '@obra/domain';
import { AutoComplete, Button, DatePicker, Input, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Campo, Ctx, Fila, Revision } from './rendicion-filas';
import { FECHA_FORMATOS } from '../../ui/format';

/** Most suggestions a lookup cell lists at once; typing narrows them. */
const SUGERENCIAS = 50;
/** The grid's error colour (antd's colorErrorBg). */
const FONDO_ERROR = '#fff2f0';

interface RendicionGridProps {
  filas: Fila[];
  revisiones: Revision[];
  ctx: Ctx;
  simbolo: string;
  editable: boolean;
  /** A row just added with the keyboard: its date takes the focus. */
  enfocar: string | null;
  onEditar: (key: string, patch: Partial<Fila>) => void;
  onTocar: (key: string, campo: Campo) => void;
  onQuitar: (key: string) => void;
  onAgregar: () => void;
}

/** Spec 2 §2 "Settlement screen": the editable documents grid; each row's problems show below it, in the error colour. */
export function RendicionGrid({ filas, revisiones, ctx, simbolo, editable, enfocar, onEditar, onTocar, onQuitar, onAgregar }: RendicionGridProps) {
  const mal = (idx: number, campo: Campo) => revisiones[idx]?.campos.has(campo) ?? false;
  // The red cell, also told to screen readers.
  const marca = (idx: number, campo: Campo) => (mal(idx, campo) ? { status: 'error' as const, 'aria-invalid': true } : {});

  const texto = (campo: Campo, titulo: string, width: number, extra: { maxLength?: number; inputMode?: 'numeric' } = {}) => ({
    title: titulo,
    key: campo,
    width,
    render: (_: unknown, f: Fila, idx: number) => (
      <Input aria-label={`${titulo} fila ${idx + 1}`} value={f[campo]} title={f[campo] || undefined} {...marca(idx, campo)} disabled={!editable} {...extra}
        onChange={(e) => onEditar(f.key, { [campo]: e.target.value })} onBlur={() => onTocar(f.key, campo)} />
    ),
  });

  // Suggestions also ignore hyphens ('cc mf 01' offers CC-MF-01); the code kept is the one picked or typed.
  const sinGuion = (v: string) => claveCentroCosto(v).replace(/-/g, '');
  const centros = (valor: string) => {
    const k = sinGuion(valor);
    const t = valor.trim().toLowerCase();
    return ctx.centros_costo
      .filter((c) => !k || sinGuion(c.cec_codigo).includes(k) || c.cec_descripcion.toLowerCase().includes(t))
      .slice(0, SUGERENCIAS)
      .map((c) => ({ value: c.cec_codigo, label: `${c.cec_codigo} - ${c.cec_descripcion}` }));
  };

  const tipos = (valor: string) => {
    const k = claveTipoDocumento(valor);
    return ctx.tipos_documento
      .filter((t) => !k || claveTipoDocumento(t.tid_descripcion).includes(k) || claveTipoDocumento(t.tid_codigo).startsWith(k))
      .slice(0, SUGERENCIAS)
      .map((t) => ({ value: t.tid_descripcion, label: t.tid_descripcion, tid: t.tid_id }));
  };

  const conErrores = filas.filter((_, i) => (revisiones[i]?.errores.length ?? 0) > 0).map((f) => f.key);

  const columns: TableColumnsType<Fila> = [
    {
      title: 'N°', key: 'n', width: 45, align: 'center', fixed: 'left', render: (_, __, idx) => idx + 1,
      // A fixed cell paints its own background: it takes the row's error colour here.
      onCell: (f) => (conErrores.includes(f.key) ? { style: { background: FONDO_ERROR } } : {}),
    },
    {
      title: 'Fecha',
      key: 'red_fecha',
      width: 130,
      render: (_, f, idx) => (
        <DatePicker aria-label={`Fecha fila ${idx + 1}`} format={FECHA_FORMATOS} placeholder={f.red_fecha && !isDate(f.red_fecha) ? f.red_fecha : 'dd/mm/aaaa'}
          value={isDate(f.red_fecha) ? dayjs(f.red_fecha) : null} {...marca(idx, 'red_fecha')} disabled={!editable}
          autoFocus={f.key === enfocar} style={{ width: '100%' }}
          onChange={(d) => onEditar(f.key, { red_fecha: d ? d.format('YYYY-MM-DD') : '' })} onBlur={() => onTocar(f.key, 'red_fecha')} />
      ),
    },
    texto('red_dni_ruc', 'DNI o RUC', 135, { maxLength: 11, inputMode: 'numeric' }),
    texto('red_razon_social', 'Razón social', 165, { maxLength: 200 }),
    texto('red_descripcion', 'Descripción', 150, { maxLength: 300 }),
    {
      title: 'Centro de costo',
      key: 'cec_codigo',
      width: 150,
      render: (_, f, idx) => (
        <AutoComplete aria-label={`Centro de costo fila ${idx + 1}`} value={f.cec_codigo} options={centros(f.cec_codigo)} {...marca(idx, 'cec_codigo')}
          disabled={!editable} popupMatchSelectWidth={320} style={{ width: '100%' }} showSearch={{ filterOption: false }}
          onChange={(v: string) => onEditar(f.key, { cec_codigo: v })} onBlur={() => onTocar(f.key, 'cec_codigo')} />
      ),
    },
    {
      title: 'Tipo de documento',
      key: 'tid_descripcion',
      width: 150,
      render: (_, f, idx) => (
        <AutoComplete aria-label={`Tipo de documento fila ${idx + 1}`} value={f.tid_descripcion} options={tipos(f.tid_descripcion)}
          {...marca(idx, 'tid_descripcion')} disabled={!editable} popupMatchSelectWidth={260} style={{ width: '100%' }} showSearch={{ filterOption: false }}
          // Typed text is resolved by name or SUNAT code (here and on the server); a picked option also carries its id.
          onChange={(v: string) => onEditar(f.key, { tid_descripcion: v, red_tipo_documento: null })}
          onSelect={(_: string, o: { tid: number }) => onEditar(f.key, { red_tipo_documento: o.tid })}
          onBlur={() => onTocar(f.key, 'tid_descripcion')} />
      ),
    },
    texto('red_serie', 'Serie', 80, { maxLength: 10 }),
    texto('red_numero', 'Número', 105, { maxLength: 20, inputMode: 'numeric' }),
    {
      title: `Importe (${simbolo})`,
      key: 'red_importe',
      width: 125,
      render: (_, f, idx) => (
        <Input aria-label={`Importe fila ${idx + 1}`} prefix={simbolo} inputMode="decimal" value={f.red_importe} {...marca(idx, 'red_importe')}
          disabled={!editable} style={{ textAlign: 'right' }}
          onChange={(e) => onEditar(f.key, { red_importe: e.target.value })} onBlur={() => onTocar(f.key, 'red_importe')}
          // Enter in the last row's amount starts the next document.
          onPressEnter={() => {
            if (idx === filas.length - 1) onAgregar();
          }} />
      ),
    },
    ...(editable
      ? [{
          title: '',
          key: 'quitar',
          width: 48,
          align: 'center' as const,
          render: (_: unknown, f: Fila, idx: number) => (
            <Tooltip title="Quitar documento">
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar fila ${idx + 1}`} onClick={() => onQuitar(f.key)} />
            </Tooltip>
          ),
        }]
      : []),
  ];

  return (
    <Table<Fila>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={filas}
      pagination={false}
      // Fixed widths: the cells' inputs would otherwise widen their columns; at 1366 px the grid fits, narrower it scrolls inside.
      tableLayout="fixed"
      scroll={{ x: columns.reduce((w, c) => w + Number(c.width ?? 0), 0) }}
      aria-label="Documentos de la rendición"
      locale={{ emptyText: editable ? 'Agregue documentos con Agregar o Cargar Masivo' : 'La rendición no tiene documentos' }}
      onRow={(f) => (conErrores.includes(f.key) ? { style: { background: FONDO_ERROR }, 'aria-invalid': true } : {})}
      expandable={{
        showExpandColumn: false,
        expandedRowKeys: conErrores,
        expandedRowRender: (f) => {
          const idx = filas.indexOf(f);
          return (
            <ul aria-label={`Errores de la fila ${idx + 1}`} style={{ margin: 0, paddingLeft: 20 }}>
              {revisiones[idx]?.errores.map((e) => (
                <li key={e}><Typography.Text type="danger">{e}</Typography.Text></li>
              ))}
            </ul>
          );
        },
      }}
    />
  );
}
