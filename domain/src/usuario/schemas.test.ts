import { describe, expect, it } from 'vitest';
import { ChangePassword, USUARIO_SIN_PROYECTO, UsuarioBuscar, UsuarioModificar, UsuarioRegistrar, loginEmail } from './schemas.ts';

const valid = { usu_nombre: 'Ana', usu_apellido: 'Vargas', usu_dni: '40000008', usu_correo: 'ANA@andina.pe ', usu_password: 'Mezcla.Lurin.2026', usu_nivel: 0, pry_id: 1, lista_usuario_rol: [{ rol_id: 2 }] };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('user schemas', () => {
  it('normalises the e-mail and accepts a complete user', () => {
    const r = UsuarioRegistrar.safeParse({ usuario: valid });
    expect(r.success).toBe(true);
    expect(r.data?.usuario.usu_correo).toBe('ana@andina.pe');
  });

  it("answers 'Faltan ingresar datos' for each missing field (spec 1 §5)", () => {
    for (const key of ['usu_nombre', 'usu_apellido', 'usu_dni', 'usu_correo', 'usu_password', 'usu_nivel', 'lista_usuario_rol']) {
      const { [key]: _omit, ...rest } = valid as Record<string, unknown>;
      expect(firstMessage(UsuarioRegistrar.safeParse({ usuario: rest })), key).toBe('Faltan ingresar datos');
    }
  });

  it("answers 'Las Contraseñas no son idénticas' when the confirmation differs", () => {
    expect(firstMessage(ChangePassword.safeParse({ password_actual: 'a', password_nuevo: 'Nueva.2026', password_confirmacion: 'Nueva.2027' }))).toBe('Las Contraseñas no son idénticas');
  });

  it('refuses a project-level user without a project, on the project field', () => {
    const r = UsuarioRegistrar.safeParse({ usuario: { ...valid, pry_id: null } });
    expect(r.error?.issues).toEqual([expect.objectContaining({ message: USUARIO_SIN_PROYECTO, path: ['usuario', 'pry_id'] })]);
    const { usu_dni: _dni, usu_password: _pw, ...modify } = valid;
    expect(UsuarioModificar.safeParse({ usuario: { ...modify, usu_id: 5, usu_version: 1, pry_id: null } }).success).toBe(false);
    // A corporate user sees every project and needs none.
    expect(UsuarioRegistrar.safeParse({ usuario: { ...valid, usu_nivel: 1, pry_id: null } }).success).toBe(true);
  });

  it('lists staff accounts unless told otherwise', () => {
    expect(UsuarioBuscar.parse({ start: 0, length: 10 }).tiu_id).toBe(1);
    expect(UsuarioBuscar.parse({ tiu_id: null, start: 0, length: 10 }).tiu_id).toBeNull();
    expect(UsuarioBuscar.safeParse({ tiu_id: 2, start: 0, length: 10 }).success).toBe(false);
  });

  it('appends the company domain to a bare user name', () => {
    expect(loginEmail(' Ana ', 'andina.pe')).toBe('ana@andina.pe');
    expect(loginEmail('ana@otra.pe', 'andina.pe')).toBe('ana@otra.pe');
  });
});
