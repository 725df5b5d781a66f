import { ToolOutlined } from '@ant-design/icons';
import { moduleByCode, screenRouteFor } from '@obra/domain';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';

const SOON = 'Esta pantalla estará disponible en una próxima versión.';

/** A screen of the route table not built yet; it is still guarded by its module. */
export function UnderConstructionPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const module = screenRouteFor(pathname)?.module;
  const name = module && module !== 'public' ? moduleByCode(module)?.mod_nombre : undefined;
  return (
    <Result
      icon={<ToolOutlined />}
      title={name ? `${name}: en construcción` : 'En construcción'}
      subTitle={SOON}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
