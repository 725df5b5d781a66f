import { PASSWORD_MSG, passwordPersonal } from '@obra/domain';
import { badRequest } from './errors.ts';

/**
 * The server's half of the password rule (domain/src/usuario/password.ts, issue 26): a new password is refused when
 * it is among the most used ones, a kept list (@zxcvbn-ts/language-common, about 30 000 passwords from public
 * breaches, loaded on the first check), or built on the user's name or e-mail. The length is the schema's.
 */
let comunes: Promise<Set<string>> | undefined;
const listaComun = () =>
  (comunes ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase()))));

/** Whether a password is on the list, also with its case changed or with digits or symbols added at its end. */
export async function passwordComun(password: string): Promise<boolean> {
  const lista = await listaComun();
  const p = password.toLowerCase();
  return lista.has(p) || lista.has(p.replace(/[\d\W_]+$/, ''));
}

/** Refuses (400, in Spanish) a new password that is common or personal. */
export async function comprobarPassword(password: string, datos: { nombre?: string | null; apellido?: string | null; correo?: string | null }): Promise<void> {
  if (passwordPersonal(password, datos)) throw badRequest(PASSWORD_MSG.personal);
  if (await passwordComun(password)) throw badRequest(PASSWORD_MSG.comun);
}
