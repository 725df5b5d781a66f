import { Empty, Flex, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Actions at the right, e.g. the 'Nuevo' button. */
  extra?: ReactNode;
}

/** The title row of a screen; also names the browser tab. */
export function PageHeader({ title, extra }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} - Obra`;
  }, [title]);
  return (
    <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}

/** A page's header while its data loads, with the reason when loading failed (a settings page before its form). */
export function PageHeaderSinDatos({ title, error }: { title: string; error: Error | null }) {
  return (
    <>
      <PageHeader title={title} />
      {error && <Empty description={error.message} />}
    </>
  );
}
