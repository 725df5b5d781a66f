import { PASSWORD_MSG, password, passwordPersonal } from '@obra/domain';
import { describe, expect, it } from 'vitest';
import { comprobarPassword, passwordComun } from './passwords.ts';

/** Issue 26: at least 10 characters, not among the most used, not the user's name or e-mail; checked on the server. */
describe('password rule', () => {
  it('asks for 10 characters at least, none of composition', () => {
    expect(password.safeParse('Demo.2026').success).toBe(false);
    expect(password.safeParse('Demo.2026').error?.issues[0].message).toBe(PASSWORD_MSG.corta);
    expect(password.safeParse('tres palabras sueltas').success).toBe(true);
  });

  it('finds the most used passwords, also with their case changed or digits added', async () => {
    expect(await passwordComun('1234567890')).toBe(true);
    expect(await passwordComun('qwertyuiop')).toBe(true);
    expect(await passwordComun('Password123')).toBe(true);
    expect(await passwordComun('Huancayo con lluvia')).toBe(false);
  });

  it('refuses the user name, surname or e-mail inside the password, accents and case aside', () => {
    const datos = { nombre: 'Rosa', apellido: 'Quispe Salazar', correo: 'contabilidad@andina.pe' };
    expect(passwordPersonal('QUISPÉ.2026.caja', datos)).toBe(true);
    expect(passwordPersonal('mi-contabilidad-2026', datos)).toBe(true);
    // 'Rosa' has 4 letters: a word of the name; 'Ana' would be too short to count.
    expect(passwordPersonal('rosa-de-los-vientos', datos)).toBe(true);
    expect(passwordPersonal('Banana.Split.2026', { nombre: 'Ana', apellido: 'Paz', correo: 'ap@andina.pe' })).toBe(false);
  });

  it('answers each refusal with its Spanish message', async () => {
    const datos = { nombre: 'Jorge', apellido: 'Huamán Torres', correo: 'logistica@andina.pe' };
    await expect(comprobarPassword('huaman.2026.lima', datos)).rejects.toMatchObject({ statusCode: 400, message: PASSWORD_MSG.personal });
    await expect(comprobarPassword('qwertyuiop1', datos)).rejects.toMatchObject({ statusCode: 400, message: PASSWORD_MSG.comun });
    await expect(comprobarPassword('Cemento gris en Lurín', datos)).resolves.toBeUndefined();
  });
});
