import { describe, expect, it } from 'vitest';
import { crearSecretos } from './secretos.ts';

describe('secretos', () => {
  const s = crearSecretos('clave-de-prueba-con-longitud-suficiente');

  it('seals text and bytes so that only the same key opens them, never showing the plain value', () => {
    const sellado = s.cerrar('Clave.SOL.2026');
    expect(sellado).toMatch(/^v1:/);
    expect(sellado).not.toContain('Clave');
    expect(s.abrirTexto(sellado)).toBe('Clave.SOL.2026');
    const bytes = Buffer.from([0, 1, 2, 250]);
    expect(s.abrir(s.cerrar(bytes))).toEqual(bytes);
    expect(s.cerrar('x')).not.toBe(s.cerrar('x'));
  });

  it('refuses a value altered or sealed with another key', () => {
    const sellado = s.cerrar('secreto');
    const raw = Buffer.from(sellado.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => s.abrir(`v1:${raw.toString('base64')}`)).toThrow(/SECRETS_KEY/);
    expect(() => crearSecretos('otra-clave').abrir(sellado)).toThrow(/SECRETS_KEY/);
    expect(() => s.abrir('texto plano')).toThrow(/formato/);
  });
});
