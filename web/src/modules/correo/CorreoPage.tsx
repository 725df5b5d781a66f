import { SendOutlined } from '@ant-design/icons';
import { CORREO_ESTADOS, CORREO_ESTADO_NOMBRE, isReadOnly, type CorreoEstado, type CorreoRow } from '@obra/domain';
import { Alert, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useRoleIds } from '../../base/session';
import { CellText, textColumn } from '../../ui/CellText';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useAjustes } from '../ajuste/api';
import { useCorreos, useReenviarCorreo } from './api';
import { exportarComo } from '../../ui/exportar';

const COLOR: Record<CorreoEstado, string> = { pendiente: 'gold', enviado: 'green', error: 'red' };

/**
 * The mail outbox for administrators (DECISIONS §8, issue 9): what the product mailed, what waits
 * (for the sender, within seconds, or for an SMTP server) and what the server refused (with its
 * text), newest first, read again while something waits; Reenviar puts a refused message back in
 * the queue (the server says why when it cannot).
 */
export function CorreoPage() {
  const list = useListParams<{ estado: CorreoEstado | null; search: string }>({ estado: null, search: '' });
  const correos = useCorreos(list.params);
  const reenviar = useReenviarCorreo();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  // Links in these mails point to this machine alone when the public address is unset (issue 24).
  const advertencia = useAjustes(false).data?.advertencia;

  const columns: TableColumnsType<CorreoRow> = [
    { title: 'Fecha', dataIndex: 'cos_fecha', width: 150, render: (f: string) => formatDate(f, true) },
    textColumn<CorreoRow>('Para', 'cos_para', { width: 220 }),
    textColumn<CorreoRow>('Asunto', 'cos_asunto'),
    exportarComo({
      title: 'Estado',
      dataIndex: 'cos_estado',
      width: 220,
      render: (estado: CorreoEstado, c) => (
        <Flex vertical gap={2}>
          <span>
            <Tag color={COLOR[estado]}>{CORREO_ESTADO_NOMBRE[estado]}</Tag>
          </span>
          {c.cos_error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} ellipsis={{ tooltip: { title: c.cos_error, placement: 'topLeft' } }}>
              {c.cos_error}
            </Typography.Text>
          )}
        </Flex>
      ),
    }, { valores: CORREO_ESTADO_NOMBRE }),
    { title: 'Adjuntos', dataIndex: 'adjuntos', width: 200, render: (a: string[]) => <CellText text={a.join(', ')} /> },
  ];

  return (
    <ListPage<CorreoRow>
      title="Bandeja de salida de correo"
      // The slot between the title and the filters: the warning reads before the list it explains.
      tabs={advertencia && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={advertencia}
          action={<Link to="/ajustes">Ir a Ajustes</Link>}
        />
      )}
      filters={
        <>
          <SelectFilter<CorreoEstado>
            label="Estado"
            value={list.filters.estado}
            options={CORREO_ESTADOS.map((e) => ({ value: e, label: CORREO_ESTADO_NOMBRE[e] }))}
            onChange={(estado) => list.setFilters({ estado })}
          />
          <SearchFilter placeholder="Destinatario o asunto" onSearch={(search) => list.setFilters({ search })} />
        </>
      }
      rowKey="cos_id"
      columns={columns}
      // The text, for an administrator who forwards what waits while there is no SMTP server.
      expandable={{
        expandedRowRender: (c) => (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} aria-label={`Texto del correo ${c.cos_asunto}`}>
            {c.cos_texto}
          </Typography.Paragraph>
        ),
      }}
      {...list.table(correos)}
      exportar={{ ruta: '/usuario/correos', consulta: list.params, nombre: 'correos' }}
      emptyText="No hay correos"
      minWidth={1000}
      rowName={(c) => `${c.cos_para} ${c.cos_asunto}`}
      rowActions={(c) => [
        {
          key: 'reenviar',
          label: 'Reenviar',
          icon: <SendOutlined />,
          hidden: readOnly || c.cos_estado === 'enviado',
          onClick: async () => {
            const reply = await reenviar.mutateAsync(c.cos_id).catch(() => null);
            if (reply) toast.success(reply.message);
          },
        },
      ]}
    />
  );
}
