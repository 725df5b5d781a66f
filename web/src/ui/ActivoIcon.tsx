import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';

/** The 'Activo' column of the maintenance lists (spec 1 §2.6): an icon, named for screen readers. */
export function ActivoIcon({ activo }: { activo: boolean | number }) {
  const label = activo ? 'Activo' : 'Inactivo';
  return (
    <Tooltip title={label}>
      {activo ? (
        <CheckCircleFilled role="img" aria-label={label} style={{ color: '#52c41a', fontSize: 18 }} />
      ) : (
        <CloseCircleFilled role="img" aria-label={label} style={{ color: '#bfbfbf', fontSize: 18 }} />
      )}
    </Tooltip>
  );
}
