import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  usu_id: number;
  /** usu_token_version when the token was issued. */
  ver: number;
}

const ISSUER = 'obra';

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.usu_id))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Null for any token that is not ours, not HS256, expired or malformed. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const usu_id = Number(payload.sub);
        const ver = Number(payload.ver);
        if (!Number.isInteger(usu_id) || !Number.isInteger(ver)) return null;
        return { usu_id, ver };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
