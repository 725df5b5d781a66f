import { describe, expect, it } from 'vitest';
import { TransferenciaIngresar, TransferenciaRegistrar } from '../transferencia/schemas.ts';
import { docProveedorErrores, establecimientoSchema, exigeDocProveedor, tipoExistenciaSchema } from './sunat.ts';

const doc = (tfi_doc_tipo: string, tfi_doc_serie: string, tfi_doc_numero: string, tfi_doc_fecha = tfi_doc_tipo ? '2026-03-02' : '') =>
  ({ tfi_doc_tipo, tfi_doc_serie, tfi_doc_numero, tfi_doc_fecha });
const campos = (d: ReturnType<typeof doc>) => docProveedorErrores(d, '2026-03-05').map((e) => e.campo);

describe('SUNAT tables of the PLE 12.1 master data', () => {
  it('supplier documents by tabla 10 type: series and number as the voucher rules say', () => {
    expect(campos(doc('', '', ''))).toEqual([]);
    for (const ok of [doc('01', 'F001', '123'), doc('01', 'E001', '00000001'), doc('01', '0001', '45'), doc('03', 'B002', '315'), doc('03', 'EB01', '9'),
      doc('04', 'E001', '12345678'), doc('04', '0001', '1234567'), doc('09', 'T001', '000121'), doc('09', 'EG01', 'A12'), doc('12', 'FFGF123456', '987'),
      doc('50', '118', '2026100123')]) {
      expect(campos(ok), JSON.stringify(ok)).toEqual([]);
    }
    expect(campos(doc('01', 'B001', '1'))).toEqual(['tfi_doc_serie']);
    expect(campos(doc('01', 'F001', '123456789'))).toEqual(['tfi_doc_numero']);
    expect(campos(doc('01', 'F001', '000'))).toEqual(['tfi_doc_numero']);
    expect(campos(doc('04', '0001', '12345678'))).toEqual(['tfi_doc_numero']);
    expect(campos(doc('50', '1180', '1'))).toEqual(['tfi_doc_serie']);
    expect(campos(doc('00', 'TRF', '1'))).toEqual(['tfi_doc_tipo']);
    expect(campos(doc('09', '', ''))).toEqual(['tfi_doc_serie', 'tfi_doc_numero']);
    // Its issue date: a real date, not later than today.
    expect(campos(doc('01', 'F001', '1', '2026-03-05'))).toEqual([]);
    for (const mal of ['', '2026-03-06', '2026-02-29', '05/03/2026', '1999-12-31']) expect(campos(doc('01', 'F001', '1', mal)), mal).toEqual(['tfi_doc_fecha']);
    expect(campos(doc('', '', '', '2026-03-01'))).toEqual(['tfi_doc_tipo']);
  });

  it('establishment codes of 4 digits and tabla 5 codes', () => {
    expect(['0000', '9999', '0012'].map((v) => establecimientoSchema.safeParse(v).success)).toEqual([true, true, true]);
    expect(['000', '00001', 'A001', ''].map((v) => establecimientoSchema.safeParse(v).success)).toEqual([false, false, false, false]);
    expect(['01', '10', '91', '99'].map((v) => tipoExistenciaSchema.safeParse(v).success)).toEqual([true, true, true, true]);
    expect(['00', '11', '90', '1'].map((v) => tipoExistenciaSchema.safeParse(v).success)).toEqual([false, false, false, false]);
  });

  it('the receipt screens require the document when goods enter; the API payloads do not', () => {
    const ingreso = (cantidad: string, extra = {}) => ({ transferencia_items: { tfi_id: 1, detalle: [{ tid_id: 1, tid_ingreso_cantidad: cantidad }], ...extra } });
    const pantalla = exigeDocProveedor(TransferenciaIngresar, 'transferencia_items', (p) => p.transferencia_items.detalle.some((l) => Number(l.tid_ingreso_cantidad) > 0));
    expect(TransferenciaIngresar.safeParse(ingreso('5')).success).toBe(true);
    const sin = pantalla.safeParse(ingreso('5'));
    expect(sin.success ? [] : sin.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['transferencia_items.tfi_doc_tipo', 'Ingrese el comprobante del proveedor con que llegaron los bienes: tipo, serie, número y fecha de emisión'],
    ]);
    expect(pantalla.safeParse(ingreso('0')).success).toBe(true);
    const con = pantalla.safeParse(ingreso('5', doc('09', 't001', '45', '2026-01-02')));
    expect(con.success && con.data.transferencia_items.tfi_doc_serie).toBe('T001');
    const registro = { tfi_tipo: 2, alm_origen: 1, alm_destino: 2, tfi_fecha_estimada_llegada: '2026-11-02', detalle: [{ prv_id: 1, pal_id: 1, tid_cantidad: '1' }] };
    const r = TransferenciaRegistrar.safeParse({ transferencia_items: { ...registro, ...doc('09', 'T001', '5') } });
    expect(r.success ? '' : r.error.issues[0].message).toBe('Una transferencia entre almacenes no lleva comprobante del proveedor');
  });
});
