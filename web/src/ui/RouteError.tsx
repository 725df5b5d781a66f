import { MSG } from '@obra/domain';
import { Button, Result } from 'antd';

/**
 * Error page of the router: a screen that crashed, or a screen's code that no longer exists
 * on the server after a deploy. Reloading fetches the current version.
 */
export function RouteError() {
  return (
    <Result
      status="error"
      title={MSG.internal}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Recargar
        </Button>
      }
    />
  );
}
