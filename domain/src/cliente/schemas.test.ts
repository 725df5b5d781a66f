import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { RUC_MSG, rucCheckDigit } from '../proveedor/ruc.ts';
import { DOCUMENTO_MSG, TDI, documentoProblem } from './documento.ts';
import { CLIENTE_MSG, ClienteBuscarRapido, ClienteModificar, ClienteRegistrar } from './schemas.ts';

const RUC = '2055512345' + rucCheckDigit('2055512345');
const direccion = { cde_alias: 'Obra Surco', cde_direccion: 'Av. Caminos del Inca 1450', cde_referencia: 'Frente al parque', ubi_id: '150140' };
const cliente = {
  tdi_id: TDI.RUC, cli_documento_identidad: RUC, cli_nombre: 'Constructora Los Andes S.A.C.', cli_nombre_contacto: 'Ing. Rosa Paredes',
  cli_domicilio_fiscal: 'Av. Javier Prado Este 4200, Surco', cli_correo: 'Compras@LosAndes.pe', cli_telefono: '(01) 372-1100',
};
const issues = (schema: typeof ClienteRegistrar | typeof ClienteModificar | typeof ClienteBuscarRapido, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('documentoProblem', () => {
  it('DNI: 8 digits', () => {
    expect(documentoProblem(TDI.DNI, '45871236')).toBeNull();
    expect(documentoProblem(TDI.DNI, '4587123')).toBe(DOCUMENTO_MSG.dni);
    expect(documentoProblem(TDI.DNI, '4587123A')).toBe(DOCUMENTO_MSG.dni);
  });

  it('RUC: 11 digits, prefix and SUNAT check digit', () => {
    expect(documentoProblem(TDI.RUC, RUC)).toBeNull();
    expect(documentoProblem(TDI.RUC, '20100070970')).toBeNull();
    expect(documentoProblem(TDI.RUC, '20100070971')).toBe(RUC_MSG.checkDigit);
    expect(documentoProblem(TDI.RUC, '2010007097')).toBe(RUC_MSG.length);
    expect(documentoProblem(TDI.RUC, '30100070970')).toBe(RUC_MSG.prefix);
  });

  it('Carnet de Extranjería: 9 to 12 letters and digits; other types are refused', () => {
    expect(documentoProblem(TDI.CE, '001234567')).toBeNull();
    expect(documentoProblem(TDI.CE, 'AB1234567890')).toBeNull();
    expect(documentoProblem(TDI.CE, '12345678')).toBe(DOCUMENTO_MSG.ce);
    expect(documentoProblem(TDI.CE, 'AB12345678901')).toBe(DOCUMENTO_MSG.ce);
    expect(documentoProblem(4, 'X1234567')).toBe(DOCUMENTO_MSG.tipo);
  });
});

describe('ClienteRegistrar', () => {
  it('normalises a valid client: e-mail lower-cased, not special, no addresses by default', () => {
    const r = ClienteRegistrar.parse({ cliente });
    expect(r.cliente).toMatchObject({ cli_correo: 'compras@losandes.pe', cli_especial: 0, lista_cliente_direccion_envio: [] });
    expect(ClienteRegistrar.parse({ cliente: { ...cliente, cli_especial: true } }).cliente.cli_especial).toBe(1);
    expect(ClienteRegistrar.parse({ cliente: { ...cliente, tdi_id: TDI.CE, cli_documento_identidad: ' e0012345 6'.replace(' 6', '6') } }).cliente.cli_documento_identidad).toBe('E00123456');
  });

  it("answers 'Falta ingresar datos para registrar al cliente' for every missing field", () => {
    expect(issues(ClienteRegistrar, {})).toEqual([`cliente: ${CLIENTE_MSG.missingRegister}`]);
    const all = issues(ClienteRegistrar, { cliente: {} });
    expect(all).toHaveLength(6);
    expect(all.every((i) => i.endsWith(CLIENTE_MSG.missingRegister))).toBe(true);
    // The document type is required under either name (the spec's or the product's alias).
    const { tdi_id: _tdi, ...sinTipo } = cliente;
    expect(issues(ClienteRegistrar, { cliente: sinTipo })).toEqual([`cliente.cli_tipo_documento_identidad: ${CLIENTE_MSG.missingRegister}`]);
    expect(ClienteRegistrar.parse({ cliente: { ...sinTipo, cli_tipo_documento_identidad: TDI.RUC } }).cliente.tdi_id).toBe(TDI.RUC);
    for (const field of ['cli_nombre', 'cli_nombre_contacto', 'cli_domicilio_fiscal', 'cli_correo', 'cli_telefono', 'cli_documento_identidad']) {
      expect(issues(ClienteRegistrar, { cliente: { ...cliente, [field]: '  ' } })).toEqual([`cliente.${field}: ${CLIENTE_MSG.missingRegister}`]);
    }
  });

  it('checks the document against its type, the e-mail and the phone', () => {
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, cli_documento_identidad: '20100070971' } })).toEqual([`cliente.cli_documento_identidad: ${RUC_MSG.checkDigit}`]);
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, tdi_id: TDI.DNI } })).toEqual([`cliente.cli_documento_identidad: ${DOCUMENTO_MSG.dni}`]);
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, tdi_id: 4 } })).toEqual([`cliente.tdi_id: ${DOCUMENTO_MSG.tipo}`]);
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, cli_correo: 'compras@' } })).toEqual([`cliente.cli_correo: ${MSG.email}`]);
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, cli_telefono: 'llamar' } })).toEqual([`cliente.cli_telefono: ${CLIENTE_MSG.phone}`]);
  });

  it("an address needs alias, address, reference and district: 'Falta ingresar datos para agregar la dirección de envío'", () => {
    for (const field of ['cde_alias', 'cde_direccion', 'cde_referencia', 'ubi_id']) {
      const d = { ...direccion, [field]: '' };
      expect(issues(ClienteRegistrar, { cliente: { ...cliente, lista_cliente_direccion_envio: [d] } }))
        .toEqual([`cliente.lista_cliente_direccion_envio.0.${field}: ${CLIENTE_MSG.missingAddress}`]);
    }
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, lista_cliente_direccion_envio: [null] } }))
      .toEqual([`cliente.lista_cliente_direccion_envio.0: ${CLIENTE_MSG.missingAddress}`]);
  });

  it('a district out of Lima and Callao and a repeated alias are refused', () => {
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, lista_cliente_direccion_envio: [{ ...direccion, ubi_id: '040101' }] } }))
      .toEqual([`cliente.lista_cliente_direccion_envio.0.ubi_id: ${CLIENTE_MSG.district}`]);
    expect(ClienteRegistrar.safeParse({ cliente: { ...cliente, lista_cliente_direccion_envio: [{ ...direccion, ubi_id: '070101' }] } }).success).toBe(true);
    const twice = [direccion, { ...direccion, cde_alias: ' obra surco ', ubi_id: '150131' }];
    expect(issues(ClienteRegistrar, { cliente: { ...cliente, lista_cliente_direccion_envio: twice } }))
      .toEqual([`cliente.lista_cliente_direccion_envio.1.cde_alias: ${CLIENTE_MSG.aliasRepeated('obra surco')}`]);
  });
});

describe('ClienteModificar', () => {
  const modificar = { ...cliente, cli_id: 4, cli_version: 2, lista_cliente_direccion_envio: [{ ...direccion, cde_id: 9 }] };

  it("needs the version and at least one address: 'Falta ingresar datos para modificar al cliente'", () => {
    expect(ClienteModificar.parse({ cliente: modificar }).cliente).toMatchObject({ cli_estado: 1, lista_cliente_direccion_envio: [{ cde_id: 9 }] });
    expect(issues(ClienteModificar, { cliente: { ...modificar, lista_cliente_direccion_envio: [] } }))
      .toEqual([`cliente.lista_cliente_direccion_envio: ${CLIENTE_MSG.missingModify}`]);
    const { lista_cliente_direccion_envio: _, ...sinLista } = modificar;
    expect(issues(ClienteModificar, { cliente: sinLista })).toEqual([`cliente.lista_cliente_direccion_envio: ${CLIENTE_MSG.missingAddress}`]);
    expect(issues(ClienteModificar, { cliente: { ...modificar, cli_version: undefined, cli_nombre: '' } }))
      .toEqual([`cliente.cli_version: ${CLIENTE_MSG.missingModify}`, `cliente.cli_nombre: ${CLIENTE_MSG.missingModify}`]);
  });

  it('a new address has no id; the same saved address twice is refused', () => {
    const nueva = { ...direccion, cde_alias: 'Almacén', cde_id: null };
    expect(ClienteModificar.parse({ cliente: { ...modificar, lista_cliente_direccion_envio: [...modificar.lista_cliente_direccion_envio, nueva] } })
      .cliente.lista_cliente_direccion_envio[1].cde_id).toBeUndefined();
    const twice = [{ ...direccion, cde_id: 9 }, { ...direccion, cde_alias: 'Otra', cde_id: 9 }];
    expect(issues(ClienteModificar, { cliente: { ...modificar, lista_cliente_direccion_envio: twice } }))
      .toEqual([`cliente.lista_cliente_direccion_envio.1: ${CLIENTE_MSG.addressRepeated}`]);
  });
});

describe('ClienteBuscarRapido', () => {
  it("an empty text answers the spec's text for the customer search", () => {
    expect(issues(ClienteBuscarRapido, { cliente: { cli_search: '  ' } })).toEqual([`cliente.cli_search: ${CLIENTE_MSG.emptySearch}`]);
    expect(issues(ClienteBuscarRapido, {})).toEqual([`cliente: ${CLIENTE_MSG.emptySearch}`]);
    expect(ClienteBuscarRapido.parse({ cliente: { cli_search: ' andes ' } }).cliente.cli_search).toBe('andes');
  });
});
