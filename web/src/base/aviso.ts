/**
 * The router state that carries a success notice to the login page (account created, account
 * confirmed): `navigate('/login/<email>', { state: conAviso(message) })`. Its own key, not
 * `message`: a carried `message` is shown as an error (the guard's refusals).
 */
export const conAviso = (aviso: string) => ({ aviso });
