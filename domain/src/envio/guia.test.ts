import { describe, expect, it } from 'vitest';
import { ConductorModificar, ConductorRegistrar, EnvioGuia } from './schemas.ts';
import { ENV, envGuiaGenerable, envGuiaTardia, envPideGuia } from './estados.ts';
import { documentoConductorValido, esLicenciaEnPlaca, licenciaNormalizada, licenciaValida, licenciaYPlaca, pesoBrutoGuia, pesoTexto, placaNormalizada } from './guia.ts';
import { CONDUCTOR_MSG } from './mensajes.ts';

/** The sender guide's rules a screen shows and the server checks (issue 23). */
describe('sender guide', () => {
  it('gross weight: quantity × kg per unit, 3 decimals half up; null without a weight', () => {
    expect(pesoBrutoGuia('7.0000', '2400')).toBe('16800.000');
    expect(pesoBrutoGuia('2.5555', '2400.125')).toBe('6133.519');
    expect(pesoBrutoGuia('0.0001', '0.004')).toBe('0.000');
    expect(pesoBrutoGuia('8', null)).toBeNull();
    expect(pesoBrutoGuia('8', '0')).toBeNull();
    expect(pesoTexto('16800')).toBe('16800.000');
    expect(pesoTexto('0')).toBeNull();
  });

  it('licence, plate and driver document as SUNAT takes them', () => {
    expect(licenciaNormalizada('q-402 11873')).toBe('Q40211873');
    expect(licenciaValida('Q40211873')).toBe(true);
    expect(licenciaValida('Q4021')).toBe(false);
    expect(licenciaValida('000000000')).toBe(false);
    expect(placaNormalizada('axk-714')).toBe('AXK714');
    expect(documentoConductorValido('1', '40211873')).toBe(true);
    expect(documentoConductorValido('1', '4021187')).toBe(false);
    expect(documentoConductorValido('4', '001234567')).toBe(true);
    expect(documentoConductorValido('6', '20547812361')).toBe(false);
  });

  it('a licence in the plate field is the licence, never a plate (issue 24)', () => {
    expect(esLicenciaEnPlaca('Q40211873')).toBe(true);
    expect(esLicenciaEnPlaca('q-402-11873')).toBe(true);
    for (const placa of ['AXK-714', 'AXK714', 'A1B-234', '', 'B7X-456']) expect(esLicenciaEnPlaca(placa), placa).toBe(false);
    expect(licenciaYPlaca({ cdt_placa: 'Q40211873', cdt_licencia: '' })).toEqual({ licencia: 'Q40211873', placa: '' });
    expect(licenciaYPlaca({ cdt_placa: 'Q40211873', cdt_licencia: 'Q40211873' })).toEqual({ licencia: 'Q40211873', placa: '' });
    expect(licenciaYPlaca({ cdt_placa: 'AXK-714', cdt_licencia: 'Q40211873' })).toEqual({ licencia: 'Q40211873', placa: 'AXK-714' });
    // The spec's payload (only cdt_placa) stores it as the licence; with another licence it is refused.
    expect(ConductorRegistrar.parse({ conductor: { cdt_nombre: 'Julio', cdt_apellido: 'Ramos', cdt_placa: 'q40211873' } }).conductor)
      .toMatchObject({ cdt_placa: '', cdt_licencia: 'Q40211873' });
    expect(ConductorModificar.parse({ conductor: { cdt_id: 1, cdt_nombre: 'Julio', cdt_apellido: 'Ramos', cdt_placa: 'AXK-714', cdt_licencia: 'Q40211873' } }).conductor)
      .toMatchObject({ cdt_placa: 'AXK-714', cdt_licencia: 'Q40211873' });
    expect(ConductorRegistrar.safeParse({ conductor: { cdt_nombre: 'Julio', cdt_apellido: 'Ramos', cdt_placa: 'Q40211873', cdt_licencia: 'Q99999999' } }).error?.issues[0].message)
      .toBe(CONDUCTOR_MSG.placaEsLicencia('Q40211873'));
  });

  it('from programado on, never cancelled; late from en_ruta; asked for before moving to en_ruta', () => {
    expect(envGuiaGenerable(ENV.PROGRAMADO, false)).toBe(true);
    expect(envGuiaGenerable(ENV.COMPLETADO, false)).toBe(true);
    expect(envGuiaGenerable(ENV.CANCELADO, false)).toBe(false);
    expect(envGuiaGenerable(ENV.EN_RUTA, true)).toBe(false);
    expect([ENV.PROGRAMADO, ENV.EN_CARGUIO, ENV.EN_RUTA, ENV.COMPLETADO].map(envGuiaTardia)).toEqual([false, false, true, true]);
    expect(envPideGuia(ENV.EN_CARGUIO, false)).toBe(true);
    expect(envPideGuia(ENV.EN_CARGUIO, true)).toBe(false);
    expect(envPideGuia(ENV.PROGRAMADO, false)).toBe(false);
  });

  it('the call: the weight optional, its own messages', () => {
    expect(EnvioGuia.parse({ envio: { env_id: 1, cdt_id: 2 } }).envio).toEqual({ env_id: 1, cdt_id: 2, ngu_peso_bruto: null, ngu_unidad_peso: 'KGM' });
    expect(EnvioGuia.parse({ envio: { env_id: 1, cdt_id: 2, ngu_peso_bruto: '16,8', ngu_unidad_peso: 'TNE' } }).envio).toMatchObject({ ngu_peso_bruto: '16.8', ngu_unidad_peso: 'TNE' });
    expect(EnvioGuia.safeParse({ envio: { env_id: 1, cdt_id: 2, ngu_peso_bruto: '1.2345' } }).error?.issues[0].message)
      .toBe('El peso bruto total debe ser un número mayor a 0 con hasta 3 decimales');
  });
});
