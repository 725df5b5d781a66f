import { Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

interface FilterFieldProps {
  /** The visible label: what the filter filters ('Estado', 'Tipo', 'Año'), never a bare value. */
  label: string;
  /** The control, given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** A list filter with its label above it, so 'Todos' or '2026' never stand alone. */
export function FilterField({ label, children }: FilterFieldProps) {
  const id = useId();
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children(id)}
    </Flex>
  );
}
