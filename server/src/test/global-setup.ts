import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { seedReference } from '../db/seed/reference.ts';
import { generarCertificadoPrueba } from '../platform/cpe/firma/certificado.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A self-signed test PKCS#12 and its password: every test app's issuer starts with it (generating one takes half a second). */
    certificadoPrueba: { archivo: string; clave: string };
  }
}

/**
 * Creating a PGlite store and hashing the demo passwords takes seconds; do it once and let
 * every test file start from a copy of the result (a fresh database per file, still).
 */
export default async function setup(project: TestProject) {
  const { p12, password } = generarCertificadoPrueba('20547812361', 'Concretera Andina S.A.C.');
  const archivo = join(tmpdir(), `obra-test-certificado-${process.pid}.p12`);
  writeFileSync(archivo, p12);
  project.provide('certificadoPrueba', { archivo, clave: password });
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await seedReference(database.db);
  // Without the demo's purchase history: the tests count orders, codes and stock from an empty purchasing book.
  await seedDemoIfEmpty(database.db, { historialCompras: false });
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = join(tmpdir(), `obra-test-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
}
