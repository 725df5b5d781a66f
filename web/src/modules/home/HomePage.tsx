import { Card, Col, Empty, Flex, Row } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../base/session';
import { PageHeader } from '../../ui/PageHeader';
import { ColaTrabajo } from './ColaTrabajo';
import { Figuras } from './Figuras';

/**
 * Inicio: the user's work queue and figures (issue 25), then spec 1 §2.4's module groups with their
 * links, three columns.
 */
export function HomePage() {
  const groups = (useSession()?.modulo_grupos ?? [])
    .map((g) => ({ ...g, modulos: g.modulos.filter((m) => m.mod_url) }))
    .filter((g) => g.modulos.length > 0);
  return (
    <>
      <PageHeader title="Inicio" />
      <ColaTrabajo />
      <Figuras />
      {groups.length === 0 && <Empty description="No tiene módulos asignados" />}
      <Row gutter={[16, 16]}>
        {groups.map((g) => (
          <Col key={g.mgp_id} xs={24} md={12} lg={8}>
            <Card title={g.mgp_nombre} size="small" style={{ height: '100%' }}>
              <Flex vertical gap={8}>
                {g.modulos.map((m) => (
                  <Link key={m.mod_id} to={m.mod_url}>
                    {m.mod_nombre}
                  </Link>
                ))}
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
