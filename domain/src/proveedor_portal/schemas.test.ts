import { describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '../usuario/schemas.ts';
import { PORTAL_MSG } from './mensajes.ts';
import { ConfirmarCuenta, CrearCuenta, ObtenerDatosxRuc, OrdenProveedorPaginar } from './schemas.ts';
import { impuestoMostrado, puedeEnviarFactura } from './tipos.ts';

const usuario = {
  usu_correo: ' Compras@Agregados.PE ', usu_dni: '45678912', usu_nombre: 'Rosa', usu_apellido: 'Díaz',
  usu_password: 'Acero.Corrugado.2026', usu_confirmed_password: 'Acero.Corrugado.2026',
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('supplier account creation payloads (spec 3 §5)', () => {
  it('accepts a full user block and normalises the e-mail', () => {
    const r = CrearCuenta.parse({ proveedor: { pve_id: 4 }, usuario });
    expect(r.usuario.usu_correo).toBe('compras@agregados.pe');
  });

  it.each(['usu_correo', 'usu_dni', 'usu_nombre', 'usu_apellido', 'usu_password', 'usu_confirmed_password'] as const)(
    "a missing or blank %s answers 'Faltan ingresar datos del usuario'", (campo) => {
      for (const value of [undefined, '', '   ', null]) {
        const r = CrearCuenta.safeParse({ proveedor: { pve_id: 4 }, usuario: { ...usuario, [campo]: value } });
        expect(firstMessage(r)).toBe(PORTAL_MSG.faltanDatosUsuario);
      }
    });

  it('a missing user block answers the same text', () => {
    expect(firstMessage(CrearCuenta.safeParse({ proveedor: { pve_id: 4 } }))).toBe(PORTAL_MSG.faltanDatosUsuario);
  });

  it("a confirmation that differs answers 'La contraseña y la confirmación no coinciden', but a missing field wins", () => {
    const distinta = { ...usuario, usu_confirmed_password: 'Acero.Corrugado.2027' };
    expect(firstMessage(CrearCuenta.safeParse({ proveedor: { pve_id: 4 }, usuario: distinta }))).toBe(PORTAL_MSG.passwordNoCoincide);
    expect(firstMessage(CrearCuenta.safeParse({ proveedor: { pve_id: 4 }, usuario: { ...distinta, usu_nombre: '' } }))).toBe(PORTAL_MSG.faltanDatosUsuario);
  });

  it('asks the length of the users module (common and personal passwords are checked by the server)', () => {
    for (const weak of ['corta1', 'nueve.123']) {
      const r = CrearCuenta.safeParse({ proveedor: { pve_id: 4 }, usuario: { ...usuario, usu_password: weak, usu_confirmed_password: weak } });
      expect(firstMessage(r)).toBe(PASSWORD_MSG.corta);
    }
    const larga = CrearCuenta.safeParse({ proveedor: { pve_id: 4 }, usuario: { ...usuario, usu_password: 'tres palabras sueltas', usu_confirmed_password: 'tres palabras sueltas' } });
    expect(larga.success).toBe(true);
  });

  it('without the supplier (no RUC searched) asks to search first', () => {
    expect(firstMessage(CrearCuenta.safeParse({ usuario }))).toBe(PORTAL_MSG.proveedorFalta);
  });

  it('checks the RUC before looking it up', () => {
    expect(ObtenerDatosxRuc.safeParse({ proveedor: { pve_ruc: '20602145736' } }).success).toBe(true);
    expect(firstMessage(ObtenerDatosxRuc.safeParse({ proveedor: { pve_ruc: '' } }))).toBe(PORTAL_MSG.rucFalta);
    expect(firstMessage(ObtenerDatosxRuc.safeParse({ proveedor: { pve_ruc: '20602145737' } }))).toMatch(/dígito verificador/);
  });

  it('takes only a base64url token of sensible length', () => {
    expect(ConfirmarCuenta.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(firstMessage(ConfirmarCuenta.safeParse({ token: "x' or 1=1 --" }))).toBe(PORTAL_MSG.enlaceInvalido);
    expect(firstMessage(ConfirmarCuenta.safeParse({}))).toBe(PORTAL_MSG.enlaceFalta);
  });
});

describe('supplier order list filter', () => {
  it('defaults to every order, page 1 of 10', () => {
    expect(OrdenProveedorPaginar.parse({}).orden_compra).toMatchObject({ ord_tipo_orden: null, ord_codigo: null, ord_fecha_inicio: null, page: { number: 1, size: 10 } });
  });

  it('refuses a reversed range and an impossible date', () => {
    expect(firstMessage(OrdenProveedorPaginar.safeParse({ orden_compra: { ord_fecha_inicio: '2026-05-02', ord_fecha_fin: '2026-05-01' } }))).toBe(PORTAL_MSG.rangoFechas);
    expect(firstMessage(OrdenProveedorPaginar.safeParse({ orden_compra: { ord_fecha_inicio: '2026-02-30' } }))).toBe(PORTAL_MSG.fecha);
    expect(firstMessage(OrdenProveedorPaginar.safeParse({ orden_compra: { ord_tipo_orden: 3 } }))).toBe(PORTAL_MSG.tipoOrden);
  });
});

describe('display rules', () => {
  it('shows tax type 3 as a negative, the others as stored (spec 3 §9)', () => {
    expect(impuestoMostrado({ ori_tipo: 3, ori_valor_aplicado: '23.60' })).toBe('-23.60');
    expect(impuestoMostrado({ ori_tipo: 3, ori_valor_aplicado: '0.00' })).toBe('0.00');
    expect(impuestoMostrado({ ori_tipo: 1, ori_valor_aplicado: '180.00' })).toBe('180.00');
    expect(impuestoMostrado({ ori_tipo: 2, ori_valor_aplicado: '-142.00' })).toBe('-142.00');
  });

  it('allows the invoice from emitido on, never on a cancelled or unissued order', () => {
    expect([1, 2, 3, 4, 5, 11, 12, 13].map(puedeEnviarFactura)).toEqual([false, false, true, true, true, false, true, true]);
  });
});
