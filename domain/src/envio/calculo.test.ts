import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENVIO_HORA_SALIDA_MSG, calcularHorasEnvio, cantidadRedondeada, cantidadTope, ventanasSeCruzan } from './calculo.ts';
import { ENV, envSiguienteEstado } from './estados.ts';
import { EnvioRegistrar, MixerRegistrar, ConductorBuscar } from './schemas.ts';

/** Spec 3 §5 "Dispatch scheduling": the time formulas, worked by hand and as properties. */

const lima = (hhmm: string) => `2026-11-25T${hhmm}:00-05:00`;
const iso = (s: string) => new Date(s).toISOString();

describe('time formulas', () => {
  it('8.5 m³, departure 10:00, delivery 10:40: loading 09:36:30 (−1.5×9 −10 min), return 11:41:15 (+40 +21.25 min)', () => {
    const r = calcularHorasEnvio(lima('10:00'), lima('10:40'), '8.5');
    expect(r).toEqual({ ok: true, horas: {
      env_fecha_hora_carguio: iso('2026-11-25T09:36:30-05:00'), env_fecha_hora_salida: iso(lima('10:00')),
      env_fecha_hora_envio: iso(lima('10:40')), env_fecha_hora_retorno: iso('2026-11-25T11:41:15-05:00'),
    } });
  });

  it('7 m³, departure 10:00, delivery 10:30: loading 09:39:30, return 11:17:30', () => {
    const r = calcularHorasEnvio(lima('10:00'), lima('10:30'), '7');
    expect(r.ok && r.horas.env_fecha_hora_carguio).toBe(iso('2026-11-25T09:39:30-05:00'));
    expect(r.ok && r.horas.env_fecha_hora_retorno).toBe(iso('2026-11-25T11:17:30-05:00'));
  });

  it('rounds the quantity half up for the loading time only', () => {
    expect([cantidadRedondeada('8.4999'), cantidadRedondeada('8.5'), cantidadRedondeada('0.25')]).toEqual([8, 9, 0]);
  });

  it("refuses a departure at or after the delivery with the spec's text", () => {
    expect(calcularHorasEnvio(lima('10:00'), lima('10:00'), '5')).toEqual({ ok: false, mensaje: ENVIO_HORA_SALIDA_MSG });
    expect(calcularHorasEnvio(lima('11:00'), lima('10:00'), '5')).toEqual({ ok: false, mensaje: 'La hora de salida no puede ser mayor o igual a la hora de entrega' });
  });

  const cantidad = fc.integer({ min: 1, max: 120_000 }).map((n) => (n / 10_000).toString());
  it('property: loading < departure < delivery < return, return − delivery ≥ delivery − departure', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 1, max: 600 }), cantidad, (t, gapMin, q) => {
      const salida = new Date(1_700_000_000_000 + t * 1000);
      const entrega = new Date(salida.getTime() + gapMin * 60_000);
      const r = calcularHorasEnvio(salida, entrega, q);
      if (!r.ok) return false;
      const [c, s, e, ret] = [r.horas.env_fecha_hora_carguio, r.horas.env_fecha_hora_salida, r.horas.env_fecha_hora_envio, r.horas.env_fecha_hora_retorno].map((x) => new Date(x).getTime());
      return c < s && s < e && e < ret && ret - e >= e - s && s - c >= 10 * 60_000;
    }));
  });

  it('property: the capped quantity never exceeds the capacity and keeps a smaller quantity', () => {
    fc.assert(fc.property(cantidad, fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 100).toString()), (q, cap) => {
      const t = cantidadTope(q, cap);
      return Number(t) <= Number(cap) && (Number(q) > Number(cap) ? Number(t) === Number(cap) : Number(t) === Number(q));
    }));
    expect(cantidadTope('9.5', '8')).toBe('8');
    expect(cantidadTope('7.25', '8.00')).toBe('7.25');
  });

  it('windows touching end to start do not overlap', () => {
    const d = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    expect(ventanasSeCruzan(d(1), d(3), d(3), d(5))).toBe(false);
    expect(ventanasSeCruzan(d(1), d(3), d(2), d(5))).toBe(true);
  });
});

describe('states and schemas', () => {
  it('runs the sequence programado → ... → completado and stops there', () => {
    const seq = [ENV.PROGRAMADO];
    for (let s = envSiguienteEstado(ENV.PROGRAMADO); s !== null; s = envSiguienteEstado(s)) seq.push(s);
    expect(seq).toEqual([35, 29, 30, 31, 32, 33]);
    expect(envSiguienteEstado(ENV.CANCELADO)).toBeNull();
  });

  it('checks a dispatch payload: departure before delivery, frequency default 60', () => {
    const base = { ovt_id: 1, ovd_id: 1, mix_id: 1, env_cantidad: '8', env_fecha_hora_salida: '25-11-2026 10:00', env_fecha_hora_envio: '25-11-2026 10:40' };
    const ok = EnvioRegistrar.parse({ lista_envio: [base] });
    expect(ok.lista_envio[0].env_frecuencia).toBe(60);
    const bad = EnvioRegistrar.safeParse({ lista_envio: [{ ...base, env_fecha_hora_envio: '25-11-2026 09:00' }] });
    expect(bad.success || bad.error.issues[0].message).toBe(ENVIO_HORA_SALIDA_MSG);
  });

  it('mixer plate upper case, capacity > 0; driver quick search needs text', () => {
    expect(MixerRegistrar.parse({ mixer: { mix_nombre: 'Mixer 01', mix_capacidad: '8', mix_placa: 'abc-123' } }).mixer.mix_placa).toBe('ABC-123');
    expect(MixerRegistrar.safeParse({ mixer: { mix_nombre: 'Mixer 01', mix_capacidad: '0', mix_placa: 'ABC-123' } }).success).toBe(false);
    const q = ConductorBuscar.safeParse({ conductor: { cdt_search: ' ', busquedaRapida: true } });
    expect(q.success || q.error.issues[0].message).toBe('Debe ingresar alguna referencia del conductor');
  });
});
