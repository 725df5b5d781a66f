import { ArrowLeftOutlined } from '@ant-design/icons';
import { ORDEN_MSG } from '@obra/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';

/** 'Regresar' to the order list (spec 1 §2.10). */
export function RegresarAOrdenes() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>
      Regresar
    </Button>
  );
}

/** An order screen whose order is absent, outside the caller's scope or named by a malformed path. */
export function OrdenNoEncontrada({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Result status="warning" title={ORDEN_MSG.notFound} extra={<RegresarAOrdenes />} />
    </>
  );
}
