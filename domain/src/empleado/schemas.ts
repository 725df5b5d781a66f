import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MSG } from '../usuario/password.ts';
import { Id, idSchema, intSchema } from '../common/ids.ts';

/** Texts of spec 2 §5 "Employee" (word for word) and the ones we settled (docs/business-rules.md). */
export const EMP_MSG = {
  missingEmployee: 'Falta ingresar datos para registrar al empleado',
  missingUser: 'Falta ingresar datos para registrar al usuario',
  missingModify: MSG.missingUserData,
  missingLoad: 'Falta ingresar datos',
  dniFormat: 'El DNI debe tener 8 dígitos (carné de extranjería: 9 a 12 letras y números)',
  celularFormat: 'El celular solo debe tener números (6 a 15 dígitos, puede empezar con +)',
  registered: 'Se registró el empleado correctamente',
  modified: 'Se modificó el empleado correctamente',
  loaded: (n: number) => `Se ${n === 1 ? 'cargó 1 empleado' : `cargaron ${n} empleados`} correctamente`,
  listErrors: (n: number) => `La lista tiene errores en ${n} ${n === 1 ? 'fila' : 'filas'}; no se cargó ningún registro`,
  notFound: 'No se encontró el empleado',
  dniTaken: 'Ya existe un empleado con ese DNI',
  alreadyHasUser: 'El empleado ya tiene un usuario',
  userNeedsModule: 'Solo quien administra usuarios puede generar el usuario del empleado',
  ownProjectOnly: 'Solo puede registrar empleados de su proyecto',
  projectInactive: 'El proyecto no existe o no está activo',
  positionMissing: 'El puesto no existe o no está activo',
  positionName: 'Debe ingresar el nombre del puesto',
  positionTaken: 'Ya existe un puesto con ese nombre',
  positionRegistered: 'Se registró el puesto correctamente',
  rowDniRepeated: (fila: number) => `DNI: se repite en la fila ${fila}`,
  rowDniTaken: 'DNI: ya existe un empleado con ese DNI',
  rowPositionUnknown: (nombre: string) => `Puesto: no existe el puesto «${nombre}»; regístrelo desde el formulario del empleado o corrija el nombre`,
} as const;

/** DNI: 8 digits; a carné de extranjería: 9 to 12 letters and digits (docs/business-rules.md). */
export const EMP_DNI_PATTERN = /^(\d{8}|[A-Z0-9]{9,12})$/;

/** At most this many employees in one load (the same cap as a spreadsheet). */
export const EMP_LOAD_MAX = 5000;

/** At most this many rows answer a quick search (autocompletes) or an unpaged search. */
export const EMP_QUICK_LIMIT = 20;
export const EMP_SEARCH_LIMIT = 200;

const flag = z.union([z.literal(0), z.literal(1)]);
const id = Id;
const filterText = (max: number) => z.string().trim().max(max).default('');
/** A name as typed, with inner runs of spaces collapsed. */
const squeeze = (v: string) => v.replace(/\s+/g, ' ');
const text = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Máximo ${max} caracteres`).transform(squeeze);
/** Optional text: absent or null is ''. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);

const dni = (missing: string) =>
  z.string({ error: missing }).trim().toUpperCase().min(1, missing).regex(EMP_DNI_PATTERN, EMP_MSG.dniFormat);
const celular = blank(z.string().trim().max(20, 'Máximo 20 caracteres').regex(/^(\+?\d[\d\s-]{4,18}\d)?$/, EMP_MSG.celularFormat));
const optionalEmail = blank(z.string().trim().toLowerCase().max(150, 'Máximo 150 caracteres').pipe(z.union([z.literal(''), z.email(MSG.email)])));
const requiredEmail = (missing: string) =>
  z.string({ error: missing }).trim().toLowerCase().min(1, missing).max(150, 'Máximo 150 caracteres').pipe(z.email(MSG.email));
const requiredId = (missing: string) => idSchema(missing);

/** The user account created with an employee (spec 2 §3 "User part"); checked only when genera_usuario. */
const userPart = (missing: string) =>
  z.object({
    usu_correo: requiredEmail(missing),
    usu_password: z
      .string({ error: missing })
      .min(1, missing)
      .refine((v) => v.length >= PASSWORD_MIN, PASSWORD_MSG.corta)
      .refine((v) => v.length <= PASSWORD_MAX, PASSWORD_MSG.larga),
    usu_nivel: z.number().int().min(0).max(9).default(0),
    tiu_id: z.literal(1).default(1),
    lista_usuario_rol: z
      .array(z.object({ rol_id: intSchema() }), { error: missing })
      .min(1, missing)
      .refine((l) => new Set(l.map((r) => r.rol_id)).size === l.length, 'Un rol se repite'),
  });
export type EmpleadoUsuario = z.output<ReturnType<typeof userPart>>;

/** What the form sends for the user part; loose so that only genera_usuario makes it required. */
const userFields = {
  genera_usuario: z.boolean().default(false),
  usu_correo: z.string().nullish(),
  usu_password: z.string().nullish(),
  usu_nivel: z.number().int().min(0).max(9).default(0),
  tiu_id: z.literal(1).default(1),
  lista_usuario_rol: z.array(z.unknown()).nullish(),
};

/** Adds `usuario`: the checked user part when genera_usuario, else null (spec 2 §5). */
function withUser(missing: string) {
  const schema = userPart(missing);
  return <T extends { genera_usuario: boolean }>(v: T, ctx: z.RefinementCtx): T & { usuario: EmpleadoUsuario | null } => {
    if (!v.genera_usuario) return { ...v, usuario: null };
    const parsed = schema.safeParse(v);
    if (parsed.success) return { ...v, usuario: parsed.data };
    parsed.error.issues.forEach((issue) => ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path }));
    return z.NEVER;
  };
}

const M = EMP_MSG;

/** Register: name, last name, DNI and position (spec 2 §5); a project is optional. */
export const EmpleadoRegistrar = z.object(
  {
    empleado: z
      .object(
        {
          emp_nombre: text(100, M.missingEmployee),
          emp_apellido: text(100, M.missingEmployee),
          emp_dni: dni(M.missingEmployee),
          emp_celular: celular,
          emp_email: optionalEmail,
          pue_id: requiredId(M.missingEmployee),
          pry_id: id.nullable().default(null),
          ...userFields,
        },
        { error: M.missingEmployee },
      )
      .transform(withUser(M.missingUser)),
  },
  { error: M.missingEmployee },
);
export type EmpleadoRegistrar = z.input<typeof EmpleadoRegistrar>;
export type EmpleadoRegistrarData = z.output<typeof EmpleadoRegistrar>['empleado'];

/**
 * Modify: name, last name, e-mail, position and project (spec 2 §5), with the version read
 * (409 when stale). The DNI is not editable; est_id 1 active, 0 inactive.
 */
export const EmpleadoModificar = z.object(
  {
    empleado: z
      .object(
        {
          emp_id: id,
          emp_version: idSchema(M.missingModify),
          emp_nombre: text(100, M.missingModify),
          emp_apellido: text(100, M.missingModify),
          emp_email: requiredEmail(M.missingModify),
          emp_celular: celular,
          pue_id: requiredId(M.missingModify),
          pry_id: requiredId(M.missingModify),
          est_id: flag.default(1),
          ...userFields,
        },
        { error: M.missingModify },
      )
      .transform(withUser(M.missingModify)),
  },
  { error: M.missingModify },
);
export type EmpleadoModificar = z.input<typeof EmpleadoModificar>;
export type EmpleadoModificarData = z.output<typeof EmpleadoModificar>['empleado'];


const filters = {
  /** Matched against name, last name and DNI. */
  emp_search: filterText(100),
  /** 1 active (the default, spec 2 §9), 0 inactive, null every status. */
  emp_estado: flag.nullable().default(1),
};

/** `paginar`: the screen's list, paged on the server; answers `{data, total}`. */
export const EmpleadoPaginar = z.object({ empleado: z.object({ ...filters, page: PageQuery }).prefault({}) });
export type EmpleadoPaginar = z.input<typeof EmpleadoPaginar>;

/** `buscar`: the same filters unpaged, at most EMP_SEARCH_LIMIT rows (`total` counts them all). */
export const EmpleadoBuscar = z.object({ empleado: z.object(filters).prefault({}) });
export type EmpleadoBuscar = z.input<typeof EmpleadoBuscar>;

/** `buscarRapido` (and spec 2 buscarEmpleadoxNombre): active employees by name, optionally of one project. */
export const EmpleadoBuscarRapido = z.object({
  empleado: z.object({ emp_nombre: filterText(100), pry_id: id.nullish() }).prefault({}),
});
export type EmpleadoBuscarRapido = z.input<typeof EmpleadoBuscarRapido>;

export const EmpleadoObtener = z.object({ empleado: z.object({ emp_id: id }) });
export type EmpleadoObtener = z.input<typeof EmpleadoObtener>;

/** A row of a load (file or list), keyed like the template's columns; errors name the column. */
export const EmpleadoCargaFila = z.object({
  emp_dni: dni(MSG.required),
  emp_nombre: text(100, MSG.required),
  emp_apellido: text(100, MSG.required),
  emp_celular: celular,
  emp_email: optionalEmail,
  pue_nombre: text(100, MSG.required),
});
export type EmpleadoCargaFila = z.output<typeof EmpleadoCargaFila>;

/**
 * `cargarEmpleados`: a list and a project (spec 2 §5 'Falta ingresar datos'). Each row is checked
 * on its own, so that every row in error is reported by its sequence (spec 2 §8).
 */
export const EmpleadoCargar = z.object(
  {
    empleados: z
      .array(z.record(z.string(), z.unknown(), { error: M.missingLoad }), { error: M.missingLoad })
      .min(1, M.missingLoad)
      .max(EMP_LOAD_MAX, `La lista no debe tener más de ${EMP_LOAD_MAX} empleados`),
    proyecto: z.object({ pry_id: requiredId(M.missingLoad) }, { error: M.missingLoad }),
  },
  { error: M.missingLoad },
);
export type EmpleadoCargar = z.input<typeof EmpleadoCargar>;

/** Positions (spec 2 §7 /puesto). `pue_estado` null lists every status. */
export const PuestoBuscar = z.object({
  puesto: z.object({ pue_nombre: filterText(100), pue_estado: flag.nullable().default(1) }).prefault({}),
});
export type PuestoBuscar = z.input<typeof PuestoBuscar>;

export const PuestoBuscarRapido = z.object({ puesto: z.object({ pue_nombre: filterText(100) }).prefault({}) });
export type PuestoBuscarRapido = z.input<typeof PuestoBuscarRapido>;

/** A position added from the employee form when it is missing. */
export const PuestoRegistrar = z.object(
  { puesto: z.object({ pue_nombre: text(100, M.positionName) }, { error: M.positionName }) },
  { error: M.positionName },
);
export type PuestoRegistrar = z.input<typeof PuestoRegistrar>;

/** A row of `paginar` / `buscar`; `usu_id` set means the employee has a user ("Usuario SI"). */
export interface EmpleadoRow {
  emp_id: number;
  emp_nombre: string;
  emp_apellido: string;
  emp_nombre_completo: string;
  emp_dni: string;
  emp_celular: string;
  emp_email: string;
  pue_id: number;
  pue_nombre: string;
  pry_id: number | null;
  pry_nombre: string | null;
  usu_id: number | null;
  usu_correo: string | null;
  /** 1 active, 0 inactive (spec 2 §3). */
  est_id: number;
}

/** The reply of `obtener`; `emp_version` goes back with a modify. */
export interface Empleado extends EmpleadoRow {
  /** The level and type of its user (spec 2 §3 "Employee", user part); null when it has none. */
  usu_nivel: number | null;
  tiu_id: number | null;
  emp_version: number;
}

/** A row of `buscarRapido`: enough for an autocomplete labelled "name (project)". */
export interface EmpleadoRapido {
  emp_id: number;
  emp_nombre: string;
  emp_apellido: string;
  emp_nombre_completo: string;
  emp_dni: string;
  pue_nombre: string;
  pry_id: number | null;
  pry_nombre: string | null;
}

export interface Puesto {
  pue_id: number;
  pue_nombre: string;
  pue_estado: number;
}

/** The reply of a load. */
export interface EmpleadoCargaResultado {
  cargados: number;
}
