import { z } from 'zod';
import { Id, intSchema } from '../common/ids.ts';

/** The roles editor (issue 26, Administración → Roles; docs/business-rules.md "Roles"). */
export const ROL_MSG = {
  nombre: 'El nombre del rol debe tener entre 3 y 40 caracteres',
  nombreUsado: 'Ya existe un rol con ese nombre',
  nombreFijo: 'El nombre de un rol del sistema no se puede cambiar',
  descripcion: 'La descripción no debe superar 200 caracteres',
  modulo: 'Uno de los módulos no existe',
  opcion: 'Una de las opciones no existe',
  opcionSinModulo: (opcion: string, modulo: string) => `La opción '${opcion}' requiere el módulo '${modulo}'`,
  moduloProveedor: 'El módulo del portal de proveedores es solo del rol PROVEEDOR',
  fijo: 'Este rol del sistema no se puede modificar',
  superSoloFactor: 'Del rol SUPER solo se puede cambiar si exige segundo factor',
  superSoloSuper: 'Solo un usuario SUPER puede cambiar el rol SUPER',
  noEncontrado: 'No se encontró el rol',
  inactivo: (nombre: string) => `El rol ${nombre} está inactivo`,
  ultimoSuper: 'No se puede quitar el rol SUPER ni desactivar al último usuario activo que lo tiene',
  registrado: 'Rol registrado',
  modificado: 'Rol modificado',
  vacio: 'No se encontraron Roles',
} as const;

const Nombre = z.string(ROL_MSG.nombre).trim().min(3, ROL_MSG.nombre).max(40, ROL_MSG.nombre);
const Descripcion = z.string(ROL_MSG.descripcion).trim().max(200, ROL_MSG.descripcion).nullish().transform((v) => v || null);
const Codigos = (msg: string) => z.array(z.string(msg).trim().min(1, msg).max(60, msg), msg).max(200, msg)
  .transform((v) => [...new Set(v)]);

/** `/rol/listar {rol:{search, est_id}}`: every role (they are few), filtered by name and state. */
export const RolBuscar = z.object({
  rol: z.object({
    search: z.string().trim().max(40).nullish().transform((v) => v || null),
    est_id: z.union([z.literal(0), z.literal(1)]).nullish().transform((v) => v ?? null),
  }).prefault({}),
}).prefault({});
export type RolBuscar = z.input<typeof RolBuscar>;

export const RolObtener = z.object({ rol: z.object({ rol_id: intSchema(0) }) });

const RolCampos = {
  rol_nombre: Nombre,
  rol_descripcion: Descripcion,
  rol_requiere_segundo_factor: z.boolean().default(false),
  /** Module codes (`orden_compra`…) and option codes (`aprobar_orden_compra`…) the role grants. */
  modulos: Codigos(ROL_MSG.modulo),
  opciones: Codigos(ROL_MSG.opcion),
};

export const RolRegistrar = z.object({ rol: z.object(RolCampos) });
export type RolRegistrar = z.input<typeof RolRegistrar>;

export const RolModificar = z.object({
  rol: z.object({
    ...RolCampos,
    rol_id: intSchema(0),
    rol_estado: z.union([z.literal(0), z.literal(1)]),
    /** The version read: a role changed meanwhile answers 409. */
    rol_version: Id,
  }),
});
export type RolModificar = z.input<typeof RolModificar>;

/** A row of the roles list. */
export interface RolFila {
  rol_id: number;
  rol_nombre: string;
  rol_descripcion: string | null;
  rol_estado: number;
  rol_requiere_segundo_factor: boolean;
  /** Built-in (ids below 100): its name is fixed. */
  rol_sistema: boolean;
  /** SUPER and PROVEEDOR: grants not editable. */
  rol_fijo: boolean;
  usuarios: number;
  modulos: number;
}

/** A role as the editor reads it. */
export interface Rol extends RolFila {
  rol_version: number;
  modulos_codigos: string[];
  opciones_codigos: string[];
}
