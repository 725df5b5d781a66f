import { Typography } from 'antd';
import type { TableColumnType } from 'antd';

/**
 * A list cell's text on one line: cut with an ellipsis when the column is too narrow, and shown
 * whole in a tooltip on hover, so lists fit at 1366 px without wrapping.
 */
export function CellText({ text, rows = 1 }: { text: string | number | null | undefined; rows?: number }) {
  const value = cellText(text);
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

/** What a cell shows for a value: '-' for nothing. */
const cellText = (text: string | number | null | undefined) => (text === null || text === undefined || text === '' ? '-' : String(text));

/** How ListPage measures a column fitted to its content: its text in a row, and whether that text sits in a Tag. */
export interface Fit<T> {
  text: (row: T) => string;
  tag?: boolean;
}

const FITS = new WeakMap<object, Fit<never>>();

/** How a column fitted to its content is measured, or undefined for a column of fixed width. */
export function fitOf<T>(column: TableColumnType<T>): Fit<T> | undefined {
  return FITS.get(column) as Fit<T> | undefined;
}

/**
 * Makes a column of a `width` as wide as its longest text on the page (its title included), up to
 * that `width` (see textColumn); `tag` for a status shown in a Tag (StatusTag).
 */
export function fitColumn<T>(column: TableColumnType<T>, fit: Fit<T>): TableColumnType<T> {
  FITS.set(column, fit as Fit<never>);
  return column;
}

/**
 * A text column that cuts with CellText; its header is cut too instead of wrapping.
 * - Without `width` it takes the room left by the other columns: give it to the key text of the
 *   list (the product's, supplier's or client's name), so that one is the last to be cut.
 * - With `width` it is as wide as its longest text on the page (its title included), up to
 *   `width`: ListPage measures it, so a column of short texts leaves its spare room to the
 *   column without width instead of cutting it.
 */
export function textColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  options: { width?: number; rows?: number; text?: (row: T) => string | number | null | undefined } = {},
): TableColumnType<T> {
  const { width, rows, text } = options;
  const column: TableColumnType<T> = {
    title,
    dataIndex,
    width,
    // The cell's own one-line cut would keep a text of several rows from wrapping.
    ellipsis: rows && rows > 1 ? false : { showTitle: false },
    render: (value: string | number | null | undefined, row: T) => <CellText text={text ? text(row) : value} rows={rows} />,
  };
  if (width === undefined) return column;
  return fitColumn(column, { text: (row: T) => cellText(text ? text(row) : (row[dataIndex] as string | number | null | undefined)) });
}

/**
 * A whole text that wraps inside its cell, an unbroken 300-character word too (`overflow-wrap:
 * anywhere`), with its line breaks kept: a detail's descriptions and observations, which are
 * read whole rather than cut. Its table needs `tableLayout="fixed"` (a `max-content` table
 * would widen to the longest word instead).
 */
export function WrapText({ text }: { text: string | number | null | undefined }) {
  const value = text === null || text === undefined || String(text).trim() === '' ? '-' : String(text);
  return <span style={{ overflowWrap: 'anywhere', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{value}</span>;
}
