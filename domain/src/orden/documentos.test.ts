import { describe, expect, it } from 'vitest';
import { formatBytes } from '../common/format.ts';
import { OrdenArchivoRetrieve } from './documentos.ts';

describe('formatBytes (spec 1 §9: base 1000)', () => {
  it('writes bytes, then one decimal in kB, MB, GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.0 kB');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(formatBytes(10_000_000)).toBe('10.0 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });

  it('carries a value that rounds to 1000 into the next unit', () => {
    expect(formatBytes(999_960)).toBe('1.0 MB');
  });

  it('shows a dash for what is not a size', () => {
    expect(formatBytes(-1)).toBe('-');
    expect(formatBytes(Number.NaN)).toBe('-');
  });
});

describe('OrdenArchivoRetrieve', () => {
  it('reads only the id of the row sent', () => {
    expect(OrdenArchivoRetrieve.parse({ id_orden_archivo: 7, file_name: 'x.pdf', clave: '../x' })).toEqual({ id_orden_archivo: 7 });
    expect(OrdenArchivoRetrieve.safeParse({ file_name: 'x.pdf' }).success).toBe(false);
  });
});
