/**
 * Runs SUNAT's offline checker kit (`validate.sh`: UBL XSD, SUNAT's XSL rules, the XML signature) on
 * a document, for the CI check that our XML is what SUNAT accepts. The kit lives outside the
 * repository (../shared/reference/cpe) or where CPE_KIT_DIR says; without it the check is skipped.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ejecutar = promisify(execFile);

export interface CodigoSunat {
  /** ERROR rejects the document; OBS is an observation, accepted anyway. */
  tipo: 'ERROR' | 'OBS';
  codigo: string;
  texto: string;
}

export interface ResultadoKit {
  /** Exit 0: XSD valid, no rejection code, signature verified. */
  aceptado: boolean;
  /** The kit's whole report. */
  salida: string;
  codigos: CodigoSunat[];
  /** 0 accepted, 1 rejected, 2 usage error, 3 a tool is missing (xmllint, java, Saxon, xmlsec1), 4 rule engine failure. */
  exitCode: number;
}

/** validate.sh's exit when a tool it needs is not installed. */
export const KIT_SIN_HERRAMIENTA = 3;

/** A run takes ~3 s; a stuck JVM must not hold a CI job. Killed, the run throws. */
const LIMITE_MS = 120_000;

/** The kit's folder, or null when this machine does not have it. */
export function kitCpe(): string | null {
  // server/src/platform/cpe/firma/ → the repository root is five levels up.
  const raiz = fileURLToPath(new URL('../../../../../', import.meta.url));
  const dir = process.env.CPE_KIT_DIR || join(raiz, '..', 'shared', 'reference', 'cpe');
  return existsSync(join(dir, 'validate.sh')) ? dir : null;
}

/**
 * The findings of a report. The rules print `CPE|ERROR|code|text|detail`, which validate.sh shows
 * as `ERROR 1234 text  [detail]`. Its own checks print `[XSD]`, `[XML]`, `[SIGN]` lines; a failed one
 * is an ERROR under the SUNAT code it names (1059 no signature, 2334 digest), else under its section.
 */
export function codigosDe(salida: string): CodigoSunat[] {
  const codigos: CodigoSunat[] = [];
  for (const linea of salida.split('\n')) {
    const regla = /^CPE\|(ERROR|OBS)\|(\d+)\|([^|]*)/.exec(linea.trim()) ?? /^\s*(ERROR|OBS)\s+(\d{4})\s+(.*?)(?:\s+\[.*)?$/.exec(linea);
    // [RULES] FAIL only counts the rule findings listed below it; [RULES] ERROR is the engine failing.
    const paso = /^\s*\[(XML|XSD|SIGN|RULES)\]\s+(FAIL|ERROR)\s+(.*)$/.exec(linea);
    if (regla) {
      codigos.push({ tipo: regla[1] as CodigoSunat['tipo'], codigo: regla[2], texto: regla[3].trim() });
    } else if (paso && !(paso[1] === 'RULES' && paso[2] === 'FAIL')) {
      const codigo = /^(\d{4})\s/.exec(paso[3])?.[1] ?? /SUNAT (\d{4})/.exec(paso[3])?.[1] ?? paso[1];
      codigos.push({ tipo: 'ERROR', codigo, texto: paso[3].replace(/^\d{4}\s+/, '').trim() });
    }
  }
  return codigos;
}

/** Checks `xml` as SUNAT would receive it in the file `nombre` (RUC-TT-SERIE-NUMERO). */
export async function validarConKit(xml: string, nombre: string, kit: string): Promise<ResultadoKit> {
  const dir = await mkdtemp(join(tmpdir(), 'cpe-kit-'));
  try {
    const archivo = join(dir, `${basename(nombre).replace(/\.xml$/i, '')}.xml`);
    await writeFile(archivo, xml, 'utf8');
    let salida: string;
    let exitCode: number;
    try {
      const r = await ejecutar('bash', [join(kit, 'validate.sh'), '--name', basename(archivo), '--embedded-cert', archivo], { maxBuffer: 8 * 1024 * 1024, timeout: LIMITE_MS });
      salida = `${r.stdout}${r.stderr}`;
      exitCode = 0;
    } catch (e) {
      const fallo = e as { code?: number | string; stdout?: string; stderr?: string; message: string };
      if (typeof fallo.code !== 'number') throw e;
      salida = `${fallo.stdout ?? ''}${fallo.stderr ?? ''}`;
      exitCode = fallo.code;
    }
    if (exitCode === KIT_SIN_HERRAMIENTA) salida = `Falta una herramienta del kit de validación de SUNAT (exit 3):\n${salida}`;
    return { aceptado: exitCode === 0, salida, codigos: codigosDe(salida), exitCode };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `f` over `items` with at most `max` at once (each kit run is a JVM holding a core for seconds). */
export async function enParalelo<T, R>(items: T[], max: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const salida: R[] = [];
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < items.length) {
      const i = siguiente++;
      salida[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(max, items.length) }, trabajador));
  return salida;
}
