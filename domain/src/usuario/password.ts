/**
 * The password rule (issue 26, OWASP ASVS 5.0 §6.2): at least 10 characters, at most 128, no composition rules; not
 * among the most used passwords (checked on the server against a kept list, platform/passwords.ts) and not built on
 * the user's own name or e-mail. Only new passwords are checked: existing ones keep working.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres y no contener su nombre ni su correo`;
export const PASSWORD_MSG = {
  corta: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`,
  larga: `La contraseña no debe superar ${PASSWORD_MAX} caracteres`,
  personal: 'La contraseña no debe contener su nombre ni su correo',
  comun: 'Esa contraseña es de las más usadas y fácil de adivinar; elija otra',
} as const;

/** Lower case without accents, so 'Quispe' and 'QUISPÉ' are the same word. */
const plano = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Whether a password is built on the user's data: it contains the e-mail's local part, or one of the words of the
 * name or surname (of 4 letters or more; shorter ones, like 'Ana', are too common inside other words).
 */
export function passwordPersonal(password: string, datos: { nombre?: string | null; apellido?: string | null; correo?: string | null }): boolean {
  const p = plano(password);
  const local = plano(datos.correo ?? '').split('@')[0];
  if (local.length >= 3 && p.includes(local)) return true;
  const palabras = plano(`${datos.nombre ?? ''} ${datos.apellido ?? ''}`).split(/[^a-z0-9ñ]+/).filter((w) => w.length >= 4);
  return palabras.some((w) => p.includes(w));
}
