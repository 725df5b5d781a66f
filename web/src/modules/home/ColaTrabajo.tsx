import { Badge, Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { usePendientes } from './api';

/** Inicio's work queue (issue 25): what waits for the caller, each line a link to its list already filtered. */
export function ColaTrabajo() {
  const { data, isPending, isError } = usePendientes();
  return (
    <Card title="Pendientes" size="small" style={{ marginBottom: 16 }} aria-label="Pendientes">
      {isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : isError ? (
        <Typography.Text type="secondary">No se pudieron cargar los pendientes</Typography.Text>
      ) : data.length === 0 ? (
        <Typography.Text type="secondary">No tiene pendientes</Typography.Text>
      ) : (
        <Flex wrap gap="8px 32px">
          {data.map((l) => (
            <Link key={l.clave} to={l.enlace} data-clave={l.clave}>
              <Flex align="center" gap={8}>
                <Badge count={l.cantidad} overflowCount={9999} showZero={false} color="#1677ff" />
                <span>{l.titulo}</span>
              </Flex>
            </Link>
          ))}
        </Flex>
      )}
    </Card>
  );
}
