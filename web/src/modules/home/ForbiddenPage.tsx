import { MSG } from '@obra/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Spec 1 §2.4. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={MSG.forbidden}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
