import { Typography } from 'antd';
import type { TableColumnType } from 'antd';

/**
 * A list cell's text on one line: cut with an ellipsis when the column is too narrow, and shown
 * whole in a tooltip on hover, so lists fit at 1366 px without wrapping.
 */
export function CellText({ text, rows = 1 }: { text: string | number | null | undefined; rows?: number }) {
  const value = text === null || text === undefined || text === '' ? '-' : String(text);
  // A list too wide for one line per name (the order list) lets its names take `rows` lines first.
  if (rows > 1) {
    return (
      <Typography.Paragraph ellipsis={{ rows, tooltip: { title: value, placement: 'topLeft' } }} style={{ margin: 0 }}>
        {value}
      </Typography.Paragraph>
    );
  }
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
  options: { width?: number; rows?: number; text?: (row: T) => string | number | null | undefined } = {},
): TableColumnType<T> {
  const { width, rows, text } = options;
  return {
    title,
    dataIndex,
    width,
    // The cell's own one-line cut would keep a text of several rows from wrapping.
    ellipsis: rows && rows > 1 ? false : { showTitle: false },
    render: (value: string | number | null | undefined, row: T) => <CellText text={text ? text(row) : value} rows={rows} />,
  };
}
