import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  usu_id: number;
  /** usu_token_version when the token was issued. */
  ver: number;
  /** The session it belongs to (table `sesion`, issue 26); tokens issued before sessions existed have none. */
  sid?: string;
}

const ISSUER = 'obra';
/** The second step of a login (issue 26): a short-lived proof the password was right, never an access token. */
const DESAFIO_ISSUER = 'obra-segundo-factor';
const DESAFIO_SEGUNDOS = 5 * 60;

/** What the password step proved: the user, their token version, and whether they must enrol first. */
export interface Desafio {
  usu_id: number;
  ver: number;
  tipo: 'codigo' | 'enrolar';
}

/** Tokens already verified, so a request of a known token costs no signature check (WebCrypto, ~0.1 ms). */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // A token's text is what was signed: once verified, the same text needs only its expiry checked.
  // Revocation does not live here (a bumped token version, checked by the access guard on every
  // request against the user's profile), so keeping verified tokens changes no rule.
  const verified = new Map<string, TokenClaims & { exp: number }>();
  const claimsOf = (c: TokenClaims): TokenClaims => (c.sid ? { usu_id: c.usu_id, ver: c.ver, sid: c.sid } : { usu_id: c.usu_id, ver: c.ver });
  return {
    ttlSeconds,
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT(claims.sid ? { ver: claims.ver, sid: claims.sid } : { ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.usu_id))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** A login's second step, valid 5 minutes; its issuer keeps it from ever passing as an access token. */
    async signDesafio(d: Desafio): Promise<string> {
      return new SignJWT({ ver: d.ver, tipo: d.tipo })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(d.usu_id))
        .setIssuer(DESAFIO_ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${DESAFIO_SEGUNDOS}s`)
        .sign(key);
    },
    async verifyDesafio(token: string): Promise<Desafio | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: DESAFIO_ISSUER });
        const usu_id = Number(payload.sub);
        const ver = Number(payload.ver);
        if (!Number.isInteger(usu_id) || !Number.isInteger(ver) || (payload.tipo !== 'codigo' && payload.tipo !== 'enrolar')) return null;
        return { usu_id, ver, tipo: payload.tipo };
      } catch {
        return null;
      }
    },
    /** Null for any token that is not ours, not HS256, expired or malformed. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return claimsOf(known);
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const usu_id = Number(payload.sub);
        const ver = Number(payload.ver);
        if (!Number.isInteger(usu_id) || !Number.isInteger(ver) || typeof payload.exp !== 'number') return null;
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
        const claims: TokenClaims = typeof payload.sid === 'string' ? { usu_id, ver, sid: payload.sid } : { usu_id, ver };
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { ...claims, exp: payload.exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
