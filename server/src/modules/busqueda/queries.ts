import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { likePattern } from '../../platform/search.ts';
import { projectSql, warehouseSql, type ProjectScope } from '../../platform/scope.ts';

/**
 * The header's search (issue 25): one statement, a UNION ALL of one LIMIT'ed select per kind the caller
 * may read. Codes are matched by prefix on a `collate "C"` index of the code (range scan, stops after the
 * limit); names by the same trigram conditions as each list (`like '%word%'` per word on the list's
 * trigram expression). The scope conditions are those of the lists (comments name them).
 */

export interface BusquedaFiltro {
  /** Upper-case code prefix (already trimmed); always searched. */
  prefijo: string;
  /** An order's code typed as its number: '123' → '000123' (its first 6 characters); null otherwise. */
  prefijoOrden: string | null;
  /** 'OV-123' or '123': the sales order id. */
  ovtId: number | null;
  /** 'F001-123' / 'B001': an e-voucher's series and optional number. */
  comprobante: { serie: string; numero: number | null } | null;
  /** Words of the name search (lower case; empty: names are not searched). */
  palabras: string[];
  /** RUC / DNI digits typed (3 or more), matched inside the document number as the lists do. */
  digitos: string | null;
  limite: number;
  scope: ProjectScope;
  usu_id: number;
  /** The kinds the caller's modules allow. */
  tipos: ReadonlySet<string>;
}

export interface BusquedaRow {
  tipo: string;
  id: number;
  codigo: string;
  titulo: string;
  detalle: string | null;
  /** The record the link opens when it is not the row itself (an e-voucher opens its sales order). */
  ref: number | null;
}

/** The order scope of orden/queries.ts ordenScopeSql (alias `o`). */
function ordenScope(scope: ProjectScope): SQL {
  if (scope.kind === 'project') return sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${scope.pry_id})`;
  return projectSql(scope, sql`0`);
}

/** The cash box scope of caja/queries.ts alcanceSql (alias `c`): the project, or boxes the caller requested, approves or created. */
function cajaScope(scope: ProjectScope, usuId: number): SQL {
  if (scope.kind === 'all') return sql`true`;
  const propias = sql`(c.usu_solicitante = ${usuId} or c.usu_gerente = ${usuId} or c.usu_creador = ${usuId})`;
  if (scope.kind === 'none') return propias;
  return sql`(c.pry_id = ${scope.pry_id} or ${propias})`;
}

/** The transfer scope of transferencia/queries.ts scopeCondition (alias `t`): destination or origin in the caller's project. */
function transferenciaScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`(${warehouseSql(scope, sql`t.alm_destino`)} or ${warehouseSql(scope, sql`t.alm_origen`)})`;
}

/** `code like 'PREFIX%'` on the C-collated code index, escaped. */
const prefijo = (column: string, p: string) =>
  sql`${sql.raw(column)} collate "C" like ${`${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/** Every word inside `expr` (the list's trigram expression). */
const palabras = (expr: SQL, words: string[]) => sql.join(words.map((w) => sql`${expr} like ${likePattern(w)}`), sql` and `);

const limaDia = (column: string) => sql.raw(`to_char(${column} at time zone 'America/Lima', 'DD/MM/YYYY')`);

function selects(f: BusquedaFiltro): SQL[] {
  const out: SQL[] = [];
  const n = f.limite;
  const add = (tipo: string, body: SQL) => { if (f.tipos.has(tipo)) out.push(sql`(${body} limit ${n})`); };

  const ordenCodigo = f.prefijoOrden ?? f.prefijo;
  add('orden_compra', sql`select 'orden_compra' as tipo, o.ord_id as id, o.ord_codigo::text as codigo,
      (select p.pve_razon_social from proveedor p where p.pve_id = o.pve_id)::text as titulo, o.ord_referencia::text as detalle, null::int as ref
    from orden o where ${prefijo('o.ord_codigo', ordenCodigo)} and ${ordenScope(f.scope)}
    order by o.ord_codigo collate "C" desc`);
  if (f.ovtId !== null) {
    add('orden_venta', sql`select 'orden_venta', v.ovt_id, 'OV-' || v.ovt_id, c.cli_nombre::text, ${limaDia('v.ovt_fecha_venta')}, null::int
      from orden_venta v join cliente c on c.cli_id = v.cli_id where v.ovt_id = ${f.ovtId}`);
  }
  if (f.comprobante) {
    const numero = f.comprobante.numero === null ? sql`true` : sql`k.nco_numero = ${f.comprobante.numero}`;
    add('comprobante', sql`select 'comprobante', k.nco_id, k.nco_serie || '-' || k.nco_numero,
        coalesce((select c.cli_nombre from orden_venta v join cliente c on c.cli_id = v.cli_id where v.ovt_id = k.ovt_id), '')::text,
        k.nco_estado_sunat::text, k.ovt_id
      from comprobante k where k.nco_serie = ${f.comprobante.serie} and ${numero} and k.ovt_id is not null
      order by k.nco_serie desc, k.nco_numero desc`);
  }
  add('envio', sql`select 'envio', e.env_id, e.env_codigo::text,
      (select c.cli_nombre from orden_venta v join cliente c on c.cli_id = v.cli_id where v.ovt_id = e.ovt_id)::text,
      ${limaDia('e.env_fecha_hora_carguio')}, null::int
    from envio e where ${prefijo('e.env_codigo', f.prefijo)} order by e.env_codigo collate "C" desc`);
  add('transferencia', sql`select 'transferencia', t.tfi_id, t.tfi_codigo::text,
      (select a.alm_nombre from almacen a where a.alm_id = t.alm_destino)::text,
      coalesce((select 'Desde ' || a.alm_nombre from almacen a where a.alm_id = t.alm_origen), '')::text, null::int
    from transferencia t where ${prefijo('t.tfi_codigo', f.prefijo)} and ${transferenciaScope(f.scope)}
    order by t.tfi_codigo collate "C" desc`);
  add('caja', sql`select 'caja', c.caj_id, c.caj_codigo::text, c.caj_titulo::text,
      (select p.pry_nombre from proyecto p where p.pry_id = c.pry_id)::text, null::int
    from caja c where ${prefijo('c.caj_codigo', f.prefijo)} and ${cajaScope(f.scope, f.usu_id)}
    order by c.caj_codigo collate "C" desc`);

  // Names: the lists' trigram conditions; a RUC / DNI by its digits, as /proveedor/list and /cliente/list do.
  const proveedorNombre = f.palabras.length ? palabras(sql`lower(p.pve_razon_social)`, f.palabras) : sql`false`;
  const proveedorRuc = f.digitos ? sql`p.pve_ruc like ${likePattern(f.digitos)}` : sql`false`;
  if (f.palabras.length || f.digitos) {
    add('proveedor', sql`select 'proveedor', p.pve_id, p.pve_ruc::text, p.pve_razon_social::text, p.pve_especialidad::text, null::int
      from proveedor p where (${proveedorNombre} or ${proveedorRuc}) order by p.pve_razon_social, p.pve_id`);
  }
  if (f.palabras.length) {
    add('cliente', sql`select 'cliente', c.cli_id, c.cli_documento_identidad::text, c.cli_nombre::text, '', null::int
      from cliente c where ${palabras(sql`lower(c.cli_documento_identidad || ' ' || c.cli_nombre)`, f.palabras)}
      order by c.cli_nombre, c.cli_id`);
    // As /producto/list: names starting with the first word come first.
    add('producto', sql`select 'producto', p.prv_id, '', p.prv_nombre::text,
        coalesce((select m.mar_nombre from marca m where m.mar_id = p.mar_id), '')::text, null::int
      from producto p where ${palabras(sql`lower(p.prv_nombre)`, f.palabras)}
      order by lower(p.prv_nombre) like ${likePattern(f.palabras[0]!).slice(1)} desc, lower(p.prv_nombre), p.prv_id`);
    add('empleado', sql`select 'empleado', e.emp_id, e.emp_dni::text, (e.emp_nombre || ' ' || e.emp_apellido)::text,
        coalesce((select y.pry_nombre from proyecto y where y.pry_id = e.pry_id), '')::text, null::int
      from empleado e where ${palabras(sql`lower(e.emp_nombre || ' ' || e.emp_apellido || ' ' || e.emp_dni)`, f.palabras)}
        and ${projectSql(f.scope, sql`e.pry_id`)}
      order by e.emp_apellido, e.emp_nombre, e.emp_id`);
  }
  return out;
}

/** The one statement (bench/busqueda.ts times it as is); null when the caller may search no kind. */
export function buscarSql(f: BusquedaFiltro): SQL | null {
  const parts = selects(f);
  if (!parts.length) return null;
  // The columns are named once here: a union takes its names from its first select, which depends on the caller's kinds.
  return sql`select * from (${sql.join(parts, sql` union all `)}) as r(tipo, id, codigo, titulo, detalle, ref)`;
}

/** Every kind's top rows in one round trip. */
export async function buscar(db: Executor, f: BusquedaFiltro): Promise<BusquedaRow[]> {
  const statement = buscarSql(f);
  if (!statement) return [];
  const rows = await selectRows<BusquedaRow>(db, statement);
  return rows.map((r) => ({ ...r, id: Number(r.id), ref: r.ref === null ? null : Number(r.ref) }));
}
