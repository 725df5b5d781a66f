import { theme, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { fitOf } from './CellText';

let canvas: HTMLCanvasElement | undefined;

/** The width in px of a line of text in a font (a CSS `font` shorthand). */
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  ctx.font = font;
  return ctx.measureText(text).width;
}

/**
 * Gives each column of textColumn with a `width` the width of its longest text among `rows` (its
 * title included), up to that `width`: the room short texts leave goes to the columns without
 * width (the list's key text). Before the first rows arrive the columns keep their `width`.
 */
export function useFittedColumns<T>(columns: TableColumnsType<T> | undefined, rows: readonly T[] | undefined, size: string): TableColumnsType<T> | undefined {
  const { token } = theme.useToken();
  return useMemo(() => {
    if (!columns || !rows) return columns;
    // The cell's inline padding (antd's cellPaddingInline, MD and SM), and a pixel for rounding and the cut's own measure.
    const padding = 2 * (size === 'large' ? token.padding : token.paddingXS) + 2;
    const font = `${token.fontSize}px ${token.fontFamily}`;
    const headFont = `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`;
    // A Tag: smaller text between its inline padding and border (antd's Tag).
    const tagFont = `${token.fontSizeSM}px ${token.fontFamily}`;
    const tagChrome = 2 * (token.paddingXS - 1) + 2 * token.lineWidth;
    return columns.map((column) => {
      const fit = fitOf(column);
      if (!fit || typeof column.width !== 'number') return column;
      const title = typeof column.title === 'string' ? textWidth(column.title, headFont) : 0;
      const cell = (row: T) => (fit.tag ? textWidth(fit.text(row), tagFont) + tagChrome : textWidth(fit.text(row), font));
      const longest = Math.max(title, ...rows.map(cell));
      return { ...column, width: Math.min(column.width, Math.ceil(longest + padding)) };
    });
  }, [columns, rows, size, token]);
}
