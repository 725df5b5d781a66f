import type { Cliente, ClienteDireccionEnvio, ClienteFila, ClienteRapido, Paged } from '@obra/domain';
import { and, asc, eq, inArray, max, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cliente, clienteDireccionEnvio, tipoDocumentoIdentidad, ubigeo } from '../../db/schema/index.ts';
import { columnsOf, listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/** The expression of the trigram index cliente_search_trgm. */
const searchExpr = sql`lower(${cliente.cli_documento_identidad} || ' ' || ${cliente.cli_nombre})`;

/** Every word must appear, in any order ("andes constructora", "2055"); each one uses the index. */
function searchWords(text: string): SQL[] {
  return text.split(/\s+/).filter(Boolean).map((w) => sql`${searchExpr} like ${likePattern(w)}`);
}

const especial = sql<0 | 1>`(${cliente.cli_especial})::int`;

const filaColumns = {
  cli_id: cliente.cli_id,
  tdi_id: cliente.tdi_id,
  cli_tipo_documento_identidad: cliente.tdi_id,
  tdi_nombre: tipoDocumentoIdentidad.tdi_nombre,
  cli_documento_identidad: cliente.cli_documento_identidad,
  cli_nombre: cliente.cli_nombre,
  cli_nombre_contacto: cliente.cli_nombre_contacto,
  cli_correo: cliente.cli_correo,
  cli_telefono: cliente.cli_telefono,
  cli_especial: especial,
  cli_estado: sql<number>`(${cliente.cli_estado})::int`,
};

/** The client list by name and id (platform/list.ts pages and counts it; the type's name is joined for the page only). */
const clienteList: ListSpec = {
  name: 'cliente_list',
  from: sql`${cliente}`,
  key: [{ expr: cliente.cli_nombre, type: 'text' }, { expr: cliente.cli_id, type: 'int' }],
  desc: false,
  columns: columnsOf(filaColumns),
  join: sql`join ${cliente} on ${cliente.cli_id} = page.k1 join ${tipoDocumentoIdentidad} on ${tipoDocumentoIdentidad.tdi_id} = ${cliente.tdi_id}`,
};

export function list(db: Executor, search: string, page: ListRequest): Promise<Paged<ClienteFila>> {
  return listPage<ClienteFila>(db, clienteList, searchWords(search), page);
}

/** Active clients for the sales order popup, at most `limit`. */
export function quickSearch(db: Executor, search: string, limit: number): Promise<ClienteRapido[]> {
  return db.select({
    cli_id: cliente.cli_id,
    tdi_id: cliente.tdi_id,
    cli_tipo_documento_identidad: cliente.tdi_id,
    cli_documento_identidad: cliente.cli_documento_identidad,
    cli_nombre: cliente.cli_nombre,
    cli_nombre_contacto: cliente.cli_nombre_contacto,
    cli_correo: cliente.cli_correo,
    cli_telefono: cliente.cli_telefono,
    cli_especial: especial,
  }).from(cliente)
    .where(and(eq(cliente.cli_estado, 1), ...searchWords(search)))
    .orderBy(asc(cliente.cli_nombre), asc(cliente.cli_id))
    .limit(limit);
}

export async function find(db: Executor, cliId: number): Promise<Omit<Cliente, 'lista_cliente_direccion_envio'> | undefined> {
  const [row] = await db.select({ ...filaColumns, cli_domicilio_fiscal: cliente.cli_domicilio_fiscal, cli_version: cliente.cli_version })
    .from(cliente)
    .innerJoin(tipoDocumentoIdentidad, eq(tipoDocumentoIdentidad.tdi_id, cliente.tdi_id))
    .where(eq(cliente.cli_id, cliId));
  return row;
}

/** The client's active shipping addresses in the order they were added, with the district's name. */
export function direcciones(db: Executor, cliId: number): Promise<ClienteDireccionEnvio[]> {
  return db.select({
    cde_id: clienteDireccionEnvio.cde_id,
    cli_id: clienteDireccionEnvio.cli_id,
    cde_sequence: clienteDireccionEnvio.cde_sequence,
    cde_alias: clienteDireccionEnvio.cde_alias,
    cde_direccion: clienteDireccionEnvio.cde_direccion,
    cde_referencia: clienteDireccionEnvio.cde_referencia,
    ubi_id: clienteDireccionEnvio.ubi_id,
    ubi_nombre: ubigeo.ubi_nombre,
  }).from(clienteDireccionEnvio)
    .innerJoin(ubigeo, eq(ubigeo.ubi_id, clienteDireccionEnvio.ubi_id))
    .where(and(eq(clienteDireccionEnvio.cli_id, cliId), eq(clienteDireccionEnvio.cde_estado, 1)))
    .orderBy(asc(clienteDireccionEnvio.cde_sequence));
}

/** The client holding a document of a type, other than `exceptId`. */
export async function findByDocument(db: Executor, tdiId: number, documento: string, exceptId = 0): Promise<{ cli_id: number; cli_nombre: string } | undefined> {
  const [row] = await db.select({ cli_id: cliente.cli_id, cli_nombre: cliente.cli_nombre }).from(cliente)
    .where(and(eq(cliente.tdi_id, tdiId), eq(cliente.cli_documento_identidad, documento), sql`${cliente.cli_id} <> ${exceptId}`));
  return row;
}

/** Which of `ubiIds` are Lima or Callao districts of the reference table. */
export async function limaCallaoDistricts(db: Executor, ubiIds: string[]): Promise<Set<string>> {
  if (!ubiIds.length) return new Set();
  const rows = await db.select({ id: ubigeo.ubi_id }).from(ubigeo)
    .where(and(inArray(ubigeo.ubi_id, ubiIds), inArray(ubigeo.ubi_departamento, ['Lima', 'Callao'])));
  return new Set(rows.map((r) => r.id));
}

export type ClienteFields = Pick<typeof cliente.$inferInsert,
  'tdi_id' | 'cli_documento_identidad' | 'cli_nombre' | 'cli_nombre_contacto' | 'cli_domicilio_fiscal' | 'cli_correo' | 'cli_telefono' | 'cli_especial'>;

export async function insert(db: Executor, v: ClienteFields): Promise<number> {
  const [r] = await db.insert(cliente).values(v).returning({ id: cliente.cli_id });
  return r.id;
}

/** False when someone saved the client since `version` was read; the row stays locked until the transaction ends. */
export async function update(db: Executor, cliId: number, version: number, v: ClienteFields & { cli_estado: number }): Promise<boolean> {
  const rows = await db.update(cliente)
    .set({ ...v, cli_version: sql`${cliente.cli_version} + 1` })
    .where(and(eq(cliente.cli_id, cliId), eq(cliente.cli_version, version)))
    .returning({ id: cliente.cli_id });
  return rows.length === 1;
}

export interface DireccionFields {
  cde_alias: string;
  cde_direccion: string;
  cde_referencia: string;
  ubi_id: string;
}

/** Ids of the client's active addresses. */
export async function activeAddressIds(db: Executor, cliId: number): Promise<Set<number>> {
  const rows = await db.select({ id: clienteDireccionEnvio.cde_id }).from(clienteDireccionEnvio)
    .where(and(eq(clienteDireccionEnvio.cli_id, cliId), eq(clienteDireccionEnvio.cde_estado, 1)));
  return new Set(rows.map((r) => r.id));
}

/** The highest sequence the client ever used, removed addresses included (sequences are never reused). */
export async function lastSequence(db: Executor, cliId: number): Promise<number> {
  const [r] = await db.select({ n: max(clienteDireccionEnvio.cde_sequence) }).from(clienteDireccionEnvio).where(eq(clienteDireccionEnvio.cli_id, cliId));
  return r?.n ?? 0;
}

/** New addresses numbered from `after + 1` in the order given. */
export async function insertDirecciones(db: Executor, cliId: number, after: number, list: DireccionFields[]): Promise<void> {
  if (!list.length) return;
  await db.insert(clienteDireccionEnvio).values(list.map((d, i) => ({ ...d, cli_id: cliId, cde_sequence: after + i + 1 })));
}

export async function updateDireccion(db: Executor, cliId: number, cdeId: number, d: DireccionFields): Promise<void> {
  await db.update(clienteDireccionEnvio).set(d)
    .where(and(eq(clienteDireccionEnvio.cde_id, cdeId), eq(clienteDireccionEnvio.cli_id, cliId)));
}

/** Removes (cde_estado 0, never deletes: orders point at them) the client's active addresses not in `keep`. */
export async function deactivateOthers(db: Executor, cliId: number, keep: number[]): Promise<void> {
  const others = keep.length ? notInArray(clienteDireccionEnvio.cde_id, keep) : undefined;
  await db.update(clienteDireccionEnvio).set({ cde_estado: 0 })
    .where(and(eq(clienteDireccionEnvio.cli_id, cliId), eq(clienteDireccionEnvio.cde_estado, 1), others));
}
