// `npm run create-admin`: the first administrator of a production database (no demo data there).
// Values come from ADMIN_NOMBRE, ADMIN_APELLIDO, ADMIN_DNI, ADMIN_CORREO, ADMIN_PASSWORD or are asked for.
import { createInterface } from 'node:readline/promises';
import { hash } from '@node-rs/argon2';
import { ROLE, UsuarioRegistrar } from '@obra/domain';
import { openConfiguredDatabase } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { emailInUse, insertUser, replaceRoles } from '../../modules/usuario/queries.ts';
import { seedReference } from './reference.ts';

const rl = createInterface({ input: process.stdin, output: process.stdout });
const ask = async (env: string, label: string) => process.env[env] ?? (await rl.question(`${label}: `));
const input = {
  usu_nombre: await ask('ADMIN_NOMBRE', 'Nombres'),
  usu_apellido: await ask('ADMIN_APELLIDO', 'Apellidos'),
  usu_dni: await ask('ADMIN_DNI', 'DNI'),
  usu_correo: await ask('ADMIN_CORREO', 'Correo'),
  usu_password: await ask('ADMIN_PASSWORD', 'Contraseña'),
  usu_nivel: 1,
  lista_usuario_rol: [{ rol_id: ROLE.SUPER }],
};
rl.close();

const parsed = UsuarioRegistrar.safeParse({ usuario: input });
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues[0].message}\n`);
  process.exit(1);
}
const u = parsed.data.usuario;
const database = await openConfiguredDatabase(loadConfig());
try {
  await seedReference(database.db);
  if (await emailInUse(database.db, u.usu_correo)) {
    process.stderr.write('Ya existe un usuario con ese correo\n');
    process.exitCode = 1;
  } else {
    const passwordHash = await hash(u.usu_password);
    const id = await database.db.transaction(async (tx) => {
      const usuId = await insertUser(tx, { usu_nombre: u.usu_nombre, usu_apellido: u.usu_apellido, usu_dni: u.usu_dni, usu_correo: u.usu_correo, usu_password_hash: passwordHash, usu_nivel: 1 });
      await replaceRoles(tx, usuId, [ROLE.SUPER]);
      return usuId;
    });
    process.stdout.write(`Administrador creado (usu_id ${id}): ${u.usu_correo}\n`);
  }
} finally {
  await database.close();
}
