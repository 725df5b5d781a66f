import { Typography } from 'antd';
import type { TableColumnType } from 'antd';

/**
 * A list cell's text on one line: cut with an ellipsis when the column is too narrow, and shown
 * whole in a tooltip on hover, so lists fit at 1366 px without wrapping.
 */
export function CellText({ text }: { text: string | number | null | undefined }) {
  const value = text === null || text === undefined || text === '' ? '-' : String(text);
  return (
    <Typography.Text ellipsis={{ tooltip: { title: value, placement: 'topLeft' } }} style={{ width: '100%' }}>
      {value}
    </Typography.Text>
  );
}

/**
 * A text column that cuts with CellText; its header is cut too instead of wrapping. Without
 * `width` it takes a share of the room left by the fixed-width columns.
 */
export function textColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  options: { width?: number; text?: (row: T) => string | number | null | undefined } = {},
): TableColumnType<T> {
  const { width, text } = options;
  return {
    title,
    dataIndex,
    width,
    ellipsis: { showTitle: false },
    render: (value: string | number | null | undefined, row: T) => <CellText text={text ? text(row) : value} />,
  };
}
