import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import rootPackage from '../../package.json' with { type: 'json' };

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where uploaded and generated files go: DATA_DIR/files, or an S3-compatible bucket (platform/storage-s3.ts). */
  STORAGE: z.enum(['local', 's3'], 'debe ser local o s3').default('local'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nombre de bucket inválido (minúsculas, dígitos, puntos y guiones; 3 a 63)').optional(),
  /** MinIO, Ceph and other S3-compatible services; unset for Amazon S3. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^\s/]+/, 'debe ser una dirección http:// o https://').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and Ceph usually need it. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Keys are kept under this folder of the bucket (a bucket shared with other uses). */
  S3_PREFIX: z.string().regex(/^\/*(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/*)*$/, 'solo letras, dígitos, ".", "_", "-" y "/"').default(''),
  /** The longest one file operation may take against the bucket, retries included. */
  S3_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  OAUTH_CLIENT_ID: z.string().default('obra-web'),
  OAUTH_CLIENT_SECRET: z.string().default('obra'),
  COMPANY_DOMAIN: z.string().default('andina.pe'),
  /** The company as printed on its documents (order PDF, mail). */
  COMPANY_NAME: z.string().min(1).default('Concretera Andina S.A.C.'),
  COMPANY_RUC: z.string().regex(/^\d{11}$/).default('20547812361'),
  COMPANY_ADDRESS: z.string().min(1).default('Av. Industrial 1250, Lurín, Lima'),
  /** INEI ubigeo of the fiscal address, declared in the e-vouchers (150119 Lurín). */
  COMPANY_UBIGEO: z.string().regex(/^\d{6}$/).default('150119'),
  /** Nubefact's per-account API route and token; with both set e-vouchers go through Nubefact. */
  NUBEFACT_URL: z.string().url().optional(),
  NUBEFACT_TOKEN: z.string().min(1).optional(),
  NUBEFACT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Key of the secrets stored at rest (certificate, SOL password); generated in DATA_DIR when unset. Several instances share one. */
  SECRETS_KEY: z.string().min(32).optional(),
  /**
   * E-voucher issuer pre-sets (issue 22, docs/operations.md): they fill the 'Facturación electrónica'
   * settings when the database has none yet; the screen changes them afterwards.
   */
  CPE_CANAL: z.enum(['demo', 'sunat_beta', 'sunat_produccion', 'ose', 'nubefact']).optional(),
  CPE_SOL_USUARIO: z.string().min(1).max(30).optional(),
  CPE_SOL_CLAVE: z.string().min(1).optional(),
  CPE_CERTIFICADO: z.string().min(1).optional(),
  CPE_CERTIFICADO_CLAVE: z.string().optional(),
  CPE_OSE_URL: z.string().url().optional(),
  CPE_OSE_CONSULTA_URL: z.string().url().optional(),
  CPE_PLAZO_DIAS: z.coerce.number().int().min(1).max(30).optional(),
  /** How long a channel may take to answer one document before the worker counts it as a failed try. */
  CPE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Set to false on an instance that must not send (the others do): a read-only replica, a script. */
  CPE_WORKER: bool.default(true),
  SMTP_URL: z.string().optional(),
  /** The address users open the product at; links in mail (supplier account confirmation) start with it. Wins over Administración → Ajustes. */
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Obra <no-responder@andina.pe>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** true: the whole demo (with its purchase history); base: without the purchase history (the test suite); false: none. */
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'base']).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(20 * 1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** The longest wait a login for an account under attack from many addresses is slowed by (DECISIONS §1). */
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).default(5000),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  HTTPS: bool.default(false),
  APP_VERSION: z.string().default(rootPackage.version),
  /** On SIGTERM, how long /health/ready answers 503 while requests are still served (platform/shutdown.ts). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
});

export type Config = ReturnType<typeof loadConfig>;
export type StorageConfig = Config['storage'];

type Env = z.output<typeof EnvSchema>;

/** The local file store: `DATA_DIR/files`. */
export const localFilesDir = (dataDir: string) => join(dataDir, 'files');

/** The local folder, or the bucket's settings once they are complete (a Spanish message at start otherwise). */
function storageConfig(e: Env, dataDir: string) {
  if (e.STORAGE === 'local') return { kind: 'local' as const, root: localFilesDir(dataDir) };
  if (!e.S3_BUCKET) throw new Error('Configuración inválida: con STORAGE=s3 falta S3_BUCKET');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Configuración inválida: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se indican juntas (o ninguna, para las credenciales del entorno de AWS)');
  }
  const prefix = e.S3_PREFIX.split('/').filter(Boolean).join('/');
  return {
    kind: 's3' as const,
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    /** Unset: the AWS SDK's own chain (AWS_* variables, ~/.aws, the machine's role). */
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    /** '' or 'folder/', put before every key. */
    prefix: prefix ? `${prefix}/` : '',
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

/** What demo data to load into a database without users: all of it, all but the purchase history, or none. */
export type SeedDemo = false | 'completa' | 'base';

function seedDemo(v: string | undefined, embedded: boolean): SeedDemo {
  if (v === 'base') return 'base';
  if (v === undefined) return embedded && 'completa';
  return v === 'true' || v === '1' ? 'completa' : false;
}

/** The JWT secret is generated once and kept in DATA_DIR, so tokens survive restarts. */
function ensureSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida: ${detail}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside server/; paths are relative to where the user ran the command.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Where files live (platform/storage.ts, platform/storage-s3.ts). */
    storage: storageConfig(e, dataDir),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? ensureSecret(dataDir),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    oauthClient: { id: e.OAUTH_CLIENT_ID, secret: e.OAUTH_CLIENT_SECRET },
    companyDomain: e.COMPANY_DOMAIN,
    company: { name: e.COMPANY_NAME, ruc: e.COMPANY_RUC, address: e.COMPANY_ADDRESS, ubigeo: e.COMPANY_UBIGEO },
    /** E-vouchers go through Nubefact only when both its URL and token are set (DECISIONS §6). */
    nubefact: e.NUBEFACT_URL && e.NUBEFACT_TOKEN ? { url: e.NUBEFACT_URL, token: e.NUBEFACT_TOKEN, timeoutMs: e.NUBEFACT_TIMEOUT_MS } : null,
    /** The key of secrets stored at rest (platform/secretos.ts). */
    secretsKey: e.SECRETS_KEY ?? ensureSecret(dataDir, 'secrets-key'),
    cpe: {
      canal: e.CPE_CANAL,
      solUsuario: e.CPE_SOL_USUARIO,
      solClave: e.CPE_SOL_CLAVE,
      /** Path of a PKCS#12 file (.pfx/.p12), read at the first start. */
      certificado: e.CPE_CERTIFICADO ? resolve(env.INIT_CWD ?? process.cwd(), e.CPE_CERTIFICADO) : undefined,
      certificadoClave: e.CPE_CERTIFICADO_CLAVE,
      oseUrl: e.CPE_OSE_URL,
      oseConsultaUrl: e.CPE_OSE_CONSULTA_URL,
      plazoDias: e.CPE_PLAZO_DIAS,
      timeoutMs: e.CPE_TIMEOUT_MS,
      worker: e.CPE_WORKER,
    },
    smtpUrl: e.SMTP_URL,
    /**
     * PUBLIC_URL when set; otherwise the address saved in Administración → Ajustes (platform/ajustes.ts).
     * Never taken from a request's Host header: a forged one would put someone else's site in the mail.
     */
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    /** Readable lines in a terminal, JSON (one object a line) when the output goes elsewhere. */
    logPretty: (e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty',
    /** Demo data by default only on the embedded database; 'base' leaves out its purchase history. */
    seedDemo: seedDemo(e.SEED_DEMO, !e.DATABASE_URL),
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    loginDelayMaxMs: e.LOGIN_DELAY_MAX_MS,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    appVersion: e.APP_VERSION,
    /** Behind a load balancer: take the client address from X-Forwarded-For. */
    trustProxy: e.TRUST_PROXY,
    /** Reached over https (a TLS reverse proxy): HSTS and upgrade-insecure-requests. */
    https: e.HTTPS,
    /**
     * Long enough for a balancer that checks every 1–2 s to see the instance stopping before it stops accepting;
     * none in a terminal (a person, or `npm run dev` reloading), where nothing balances.
     */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? (process.stdout.isTTY ? 0 : 3000),
  };
}
