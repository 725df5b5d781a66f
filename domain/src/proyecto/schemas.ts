import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { Id, idSchema } from '../common/ids.ts';
import { establecimientoSchema } from '../inventario/sunat.ts';

/** Texts of spec 2 §5 "Project" and §6, and the ones we settled (docs/business-rules.md). */
export const PRY_MSG = {
  missing: MSG.missingUserData,
  missingWarehouse: 'Debe ingresar todos los datos del almacén',
  noProjectWarehouses: MSG.noProjectWarehouses,
  registered: 'Se registró el proyecto correctamente',
  modified: 'Se modificó el proyecto correctamente',
  notFound: 'No se encontró el proyecto',
  codeTaken: 'Ya existe un proyecto con ese código',
  onlyCorporateRegister: 'Solo un usuario corporativo puede registrar proyectos',
  onlyCorporateStatus: 'Solo un usuario corporativo puede cambiar el estado del proyecto',
  onePrincipal: 'Solo un almacén puede ser el principal del proyecto',
  repeatedWarehouse: (nombre: string) => `El almacén ${nombre} está repetido`,
  foreignWarehouse: 'Uno de los almacenes no pertenece al proyecto',
  warehouseInUse: (nombre: string) =>
    `El almacén ${nombre} tiene registros asociados (stock, transferencias u otros) y no puede eliminarse; puede desactivarlo`,
  noEmployees: 'Debe seleccionar al menos un empleado',
  employeeTwice: 'Un empleado no puede asignarse y quitarse a la vez',
  employeeNotFound: 'No se encontró el empleado',
  inactiveProject: 'El proyecto no está activo',
  employeesSaved: 'Se actualizaron los empleados del proyecto',
  projectRequired: 'Debe indicar el proyecto',
} as const;

const missing = { error: PRY_MSG.missing };
const almMissing = { error: PRY_MSG.missingWarehouse };
const text = (max: number, msg: string, err: { error: string }) =>
  z.string(err).trim().min(1, msg).max(max, `Máximo ${max} caracteres`);
const flag = z.union([z.literal(0), z.literal(1)]);
const id = Id;
const filterText = (max: number) => z.string().trim().max(max).default('');


/** alm_tipo 0 = the project's main warehouse, marked with an asterisk (spec 1 §3). */
export const ALM_TIPO = { PRINCIPAL: 0, SECUNDARIO: 1 } as const;

/** A row of the editable warehouse list; without `alm_id` it is a new warehouse. */
export const AlmacenItem = z.object(
  {
    alm_id: id.optional(),
    alm_nombre: text(120, PRY_MSG.missingWarehouse, almMissing),
    alm_direccion: text(250, PRY_MSG.missingWarehouse, almMissing),
    alm_tipo: flag.default(ALM_TIPO.SECUNDARIO),
    alm_estado: flag.default(1),
    /** SUNAT annex code (PLE 12.1 field 4); absent keeps a saved warehouse's code, a new one gets 0000. */
    alm_establecimiento: establecimientoSchema.optional(),
  },
  almMissing,
);
export type AlmacenItem = z.infer<typeof AlmacenItem>;

const proyectoFields = {
  // Codes are identifiers: upper case, so the unique constraint also ignores case.
  pry_codigo: text(20, PRY_MSG.missing, missing).transform((v) => v.toUpperCase()),
  pry_nombre: text(120, PRY_MSG.missing, missing),
  pry_descripcion: text(400, PRY_MSG.missing, missing),
  almacenes: z.array(AlmacenItem, missing).min(1, PRY_MSG.missing),
};

/** One main warehouse at most, and no name twice in one project. */
function checkWarehouses(v: { almacenes: { alm_nombre: string; alm_tipo: number }[] }, ctx: z.RefinementCtx) {
  const list = Array.isArray(v.almacenes) ? v.almacenes : [];
  if (list.filter((a) => a.alm_tipo === ALM_TIPO.PRINCIPAL).length > 1) {
    ctx.addIssue({ code: 'custom', message: PRY_MSG.onePrincipal, path: ['almacenes'] });
  }
  const seen = new Set<string>();
  list.forEach((a, i) => {
    const key = typeof a.alm_nombre === 'string' ? a.alm_nombre.trim().toLowerCase() : '';
    if (key && seen.has(key)) ctx.addIssue({ code: 'custom', message: PRY_MSG.repeatedWarehouse(a.alm_nombre.trim()), path: ['almacenes', i, 'alm_nombre'] });
    seen.add(key);
  });
}

export const ProyectoRegistrar = z.object({
  proyecto: z.object(proyectoFields, missing).superRefine(checkWarehouses),
});
export type ProyectoRegistrar = z.input<typeof ProyectoRegistrar>;

/** Modify sends the version it read (409 when stale); warehouses left out of the list are removed. */
export const ProyectoModificar = z.object({
  proyecto: z
    .object({ ...proyectoFields, pry_id: id, pry_version: idSchema(PRY_MSG.missing), pry_estado: flag.default(1) }, missing)
    .superRefine(checkWarehouses),
});
export type ProyectoModificar = z.input<typeof ProyectoModificar>;

/** Spec 2 §7 buscar; pry_estado null lists every status, and active is the default. */
export const ProyectoBuscar = z.object({
  proyecto: z
    .object({
      pry_codigo: filterText(20),
      pry_nombre: filterText(120),
      pry_estado: flag.nullable().default(1),
      page: PageQuery,
    })
    .prefault({}),
});
export type ProyectoBuscar = z.input<typeof ProyectoBuscar>;

export const ProyectoObtener = z.object({ proyecto: z.object({ pry_id: id }) });

/** The employees the assign popup offers for a project, searched by name. */
export const EmpleadosAsignadosBuscar = z.object({
  empleado: z.object({
    pry_id: idSchema(PRY_MSG.projectRequired),
    emp_nombre: filterText(100),
    /** true: only the employees already in this project. */
    solo_asignados: z.boolean().default(false),
    page: PageQuery,
  }),
});
export type EmpleadosAsignadosBuscar = z.input<typeof EmpleadosAsignadosBuscar>;

const empIds = z.array(id).max(200).default([]);

/**
 * `asignar` moves employees into the project, `quitar` takes them out of it (pry_id null).
 * `emp_ids` is accepted as another name for `asignar`.
 */
export const AsignarEmpleados = z
  .object({
    pry_id: idSchema(PRY_MSG.projectRequired),
    asignar: empIds,
    quitar: empIds,
    emp_ids: empIds,
  })
  .transform(({ pry_id, asignar, quitar, emp_ids }) => ({ pry_id, asignar: [...new Set([...asignar, ...emp_ids])], quitar: [...new Set(quitar)] }))
  .superRefine((v, ctx) => {
    if (v.asignar.length + v.quitar.length === 0) ctx.addIssue({ code: 'custom', message: PRY_MSG.noEmployees });
    if (v.asignar.some((e) => v.quitar.includes(e))) ctx.addIssue({ code: 'custom', message: PRY_MSG.employeeTwice });
  });
export type AsignarEmpleados = z.input<typeof AsignarEmpleados>;

/** Warehouse lookups (spec 1 §7 "Lookups", spec 2 §7). */
export const AlmacenBuscar = z.object({
  almacen: z
    .object({
      alm_nombre: filterText(120),
      pry_id: id.nullable().default(null),
      alm_estado: flag.nullable().default(1),
      page: PageQuery,
    })
    .prefault({}),
});
export type AlmacenBuscar = z.input<typeof AlmacenBuscar>;

export const AlmacenPorProyecto = z.object({
  almacen: z.object({ pry_id: idSchema(PRY_MSG.projectRequired) }, { error: PRY_MSG.projectRequired }),
});

export const AlmacenBuscarRapido = z.object({
  almacen: z.object({ alm_nombre: filterText(120), pry_id: id.nullable().default(null) }).prefault({}),
});
export type AlmacenBuscarRapido = z.input<typeof AlmacenBuscarRapido>;

/** At most this many warehouses answer a quick search (autocompletes). */
export const ALMACEN_QUICK_LIMIT = 20;

export interface ProyectoRow {
  pry_id: number;
  pry_codigo: string;
  pry_nombre: string;
  pry_descripcion: string;
  pry_estado: number;
  pry_estado_nombre: string;
}

export interface ProyectoAlmacen {
  alm_id: number;
  alm_nombre: string;
  alm_direccion: string;
  alm_tipo: number;
  alm_estado: number;
  alm_establecimiento: string;
}

export interface Proyecto extends ProyectoRow {
  pry_version: number;
  almacenes: ProyectoAlmacen[];
}

/** A warehouse as every screen labels it: "project name | warehouse name" (spec 2 §2). */
export interface AlmacenRef {
  alm_id: number;
  alm_nombre: string;
  alm_tipo: number;
  pry_id: number;
  pry_nombre: string;
}

export interface AlmacenRow extends AlmacenRef {
  alm_direccion: string;
  alm_estado: number;
  pry_codigo: string;
}

export interface EmpleadoAsignable {
  emp_id: number;
  emp_nombre: string;
  emp_apellido: string;
  emp_nombre_completo: string;
  emp_dni: string;
  pue_nombre: string;
  emp_estado: number;
  pry_id: number | null;
  pry_nombre: string | null;
  asignado: boolean;
}
