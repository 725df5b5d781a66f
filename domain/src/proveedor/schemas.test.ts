import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { RUC_MSG } from './ruc.ts';
import { CuentaProveedorAdd, PAIS_PERU, PROVEEDOR_MSG, ProveedorSave, cciBankProblem } from './schemas.ts';

const valid = {
  ruc: '20100070970', razon_social: 'Cementos del Sur S.A.', direccion: 'Av. Industrial 100, Lima',
  email: 'Ventas@CementosSur.pe', telefono: '(01) 456-7890', especialidad: 'Cemento',
};
const issues = (input: unknown) => {
  const r = ProveedorSave.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ProveedorSave', () => {
  it('normalises a valid supplier: defaults, lower-case e-mail, Perú for a national one', () => {
    const r = ProveedorSave.parse({ ...valid, id_pais: 14 });
    expect(r).toMatchObject({ email: 'ventas@cementossur.pe', es_activo: 1, es_critico: 0, es_nacional: 1, id_pais: PAIS_PERU, cuenta_detraccion: '' });
    expect(ProveedorSave.parse(r)).toEqual(r);
  });

  it('answers the spec messages for missing fields and a bad e-mail', () => {
    expect(issues({})).toContain(`ruc: ${MSG.required}`);
    expect(issues({ ...valid, razon_social: ' ', direccion: '', telefono: '', especialidad: '' })).toEqual([
      `razon_social: ${MSG.required}`, `direccion: ${MSG.required}`, `telefono: ${MSG.required}`, `especialidad: ${MSG.required}`,
    ]);
    expect(issues({ ...valid, email: 'ventas@' })).toEqual([`email: ${MSG.email}`]);
    expect(issues({ ...valid, email: '' })).toEqual([`email: ${MSG.required}`]);
    expect(issues({ ...valid, ruc: ' ' })).toEqual([`ruc: ${MSG.required}`]);
  });

  it('checks the RUC when registering only', () => {
    expect(issues({ ...valid, ruc: '2010007097' })).toEqual([`ruc: ${RUC_MSG.length}`]);
    expect(issues({ ...valid, ruc: '30100070970' })).toEqual([`ruc: ${RUC_MSG.prefix}`]);
    expect(issues({ ...valid, ruc: '20100070971' })).toEqual([`ruc: ${RUC_MSG.checkDigit}`]);
    expect(issues({ ...valid, ruc: '20100070971', id_proveedor: 3, version: 1 })).toEqual([]);
  });

  it('needs a country other than Perú for a foreign supplier', () => {
    expect(issues({ ...valid, es_nacional: 0 })).toEqual([`id_pais: ${MSG.required}`]);
    expect(issues({ ...valid, es_nacional: false, id_pais: PAIS_PERU })).toEqual([`id_pais: ${PROVEEDOR_MSG.foreignInPeru}`]);
    expect(ProveedorSave.parse({ ...valid, es_nacional: false, id_pais: 14 })).toMatchObject({ es_nacional: 0, id_pais: 14 });
  });

  it('refuses a phone or detraction account with letters', () => {
    expect(issues({ ...valid, telefono: 'llamar luego' })).toEqual([`telefono: ${PROVEEDOR_MSG.phone}`]);
    expect(issues({ ...valid, telefono: '12345' })).toEqual([`telefono: ${PROVEEDOR_MSG.phone}`]);
    expect(issues({ ...valid, telefono: '+51 998 765 432' })).toEqual([]);
    expect(issues({ ...valid, cuenta_detraccion: 'BN-123' })).toEqual([`cuenta_detraccion: ${PROVEEDOR_MSG.detraccion}`]);
  });
});

describe('CuentaProveedorAdd', () => {
  const account = { id_proveedor: 1, id_banco: 1, id_moneda: 1, tipo_cuenta: 1, cuenta: '193-1234567-0-12', cci: '002-193-001234567012-15' };

  it('keeps the 20 digits of a CCI typed with dashes', () => {
    expect(CuentaProveedorAdd.parse(account).cci).toBe('00219300123456701215');
  });

  it('requires every field and a 20-digit CCI', () => {
    const r = CuentaProveedorAdd.safeParse({ id_proveedor: 1, cci: '' });
    expect(r.success || r.error.issues.map((i) => i.message)).toEqual(Array(5).fill(MSG.required));
    const short = CuentaProveedorAdd.safeParse({ ...account, cci: '0021930012345670121' });
    expect(short.success || short.error.issues[0].message).toBe(PROVEEDOR_MSG.cciLength);
    const letters = CuentaProveedorAdd.safeParse({ ...account, cci: '0021930012345670121A' });
    expect(letters.success || letters.error.issues[0].message).toBe(PROVEEDOR_MSG.cciLength);
  });

  it('checks the bank code at the start of the CCI', () => {
    expect(cciBankProblem('00219300123456701215', '002')).toBeNull();
    expect(cciBankProblem('00319300123456701215', '002')).toBe(PROVEEDOR_MSG.cciBank('002'));
  });
});
