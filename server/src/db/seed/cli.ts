// `npm run seed`: reference data, and the demo data when the database has no users yet.
import { openConfiguredDatabase } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { seedReference } from './reference.ts';

const database = await openConfiguredDatabase(loadConfig());
try {
  await seedReference(database.db);
  const seeded = await seedDemoIfEmpty(database.db);
  process.stdout.write(seeded ? 'Datos de demostración cargados.\n' : 'La base ya tiene usuarios: no se cargó la demostración.\n');
} finally {
  await database.close();
}
