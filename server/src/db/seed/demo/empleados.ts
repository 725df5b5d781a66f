import type { Tx } from '../../client.ts';
import { empleado, puesto } from '../../schema/index.ts';
import type { DemoContext } from './context.ts';

const PUESTOS = [
  'Operador de mixer', 'Operador de planta', 'Chofer', 'Almacenero', 'Jefe de almacén', 'Ingeniero residente',
  'Asistente de logística', 'Técnico mecánico', 'Vigilante', 'Administrador de obra', 'Laboratorista de concreto',
  'Despachador', 'Maestro de obra',
];

type Row = [dni: string, nombre: string, apellido: string, celular: string, puesto: string, proyecto: string, activo?: 0];

/** DNIs from 4501xxxx: away from the demo users' 40000001–40000010. */
const EMPLEADOS: Row[] = [
  ['45010231', 'Víctor Hugo', 'Quispe Mamani', '987654101', 'Operador de mixer', 'PRY-001'],
  ['45010452', 'Julio César', 'Huanca Condori', '987654102', 'Operador de mixer', 'PRY-001'],
  ['45010673', 'Wilfredo', 'Ramos Ticona', '987654103', 'Operador de mixer', 'PRY-001'],
  ['45010894', 'Edwin', 'Cáceres Apaza', '987654104', 'Chofer', 'PRY-001'],
  ['45011015', 'Raúl', 'Mamani Choque', '987654105', 'Chofer', 'PRY-001'],
  ['45011236', 'Marco Antonio', 'Gutiérrez Salas', '987654106', 'Operador de planta', 'PRY-001'],
  ['45011457', 'Luis Alberto', 'Chávez Poma', '987654107', 'Operador de planta', 'PRY-001'],
  ['45011678', 'Pedro', 'Flores Ccori', '987654108', 'Jefe de almacén', 'PRY-001'],
  ['45011899', 'Elmer', 'Huamán Yupanqui', '987654109', 'Almacenero', 'PRY-001'],
  ['45012010', 'Milagros', 'Espinoza Aguilar', '987654110', 'Asistente de logística', 'PRY-001'],
  ['45012231', 'Ronald', 'Villanueva Sánchez', '987654111', 'Técnico mecánico', 'PRY-001'],
  ['45012452', 'Teodoro', 'Ccahuana Huillca', '987654112', 'Vigilante', 'PRY-001'],
  ['45012673', 'Jhon', 'Pari Quispe', '987654113', 'Laboratorista de concreto', 'PRY-001'],
  ['45012894', 'Kelly', 'Rojas Lazo', '987654114', 'Despachador', 'PRY-001'],
  ['45013015', 'Fortunato', 'Arias Zevallos', '987654115', 'Operador de mixer', 'PRY-001', 0],
  ['45013236', 'Germán', 'Oré Palomino', '987654116', 'Chofer', 'PRY-001', 0],
  ['45013457', 'Ana', 'Vargas Lozano', '987654117', 'Administrador de obra', 'PRY-002'],
  ['45013678', 'Giancarlo', 'Benites Paredes', '987654118', 'Ingeniero residente', 'PRY-002'],
  ['45013899', 'Rocío', 'Medina Fernández', '987654119', 'Asistente de logística', 'PRY-002'],
  ['45014010', 'Alberto', 'Soto Cárdenas', '987654120', 'Maestro de obra', 'PRY-002'],
  ['45014231', 'Néstor', 'Valdivia Ayala', '987654121', 'Almacenero', 'PRY-002'],
  ['45014452', 'Santiago', 'Condori Layme', '987654122', 'Chofer', 'PRY-002'],
  ['45014673', 'Hilario', 'Puma Janampa', '987654123', 'Vigilante', 'PRY-002'],
  ['45014894', 'Diana', 'Salazar Ñahui', '987654124', 'Asistente de logística', 'PRY-002'],
  ['45015015', 'Franklin', 'Torres Inga', '987654125', 'Técnico mecánico', 'PRY-002'],
  ['45015236', 'Yessenia', 'Campos Llanos', '987654126', 'Despachador', 'PRY-002'],
  ['45015457', 'Eusebio', 'Lliuya Ramírez', '987654127', 'Maestro de obra', 'PRY-002', 0],
  ['45015678', 'Oswaldo', 'Ventura Príncipe', '987654128', 'Operador de planta', 'PRY-002'],
  ['45015899', 'Patricia', 'León Guerrero', '987654129', 'Jefe de almacén', 'PRY-002'],
  ['45016010', 'César', 'Inga Saavedra', '987654130', 'Vigilante', 'PRY-002', 0],
  ['45016231', 'Lucía', 'Torres Paredes', '987654131', 'Asistente de logística', 'PRY-001'],
];

/** Employees with a demo user account, by DNI → the user's e-mail ("Usuario SI" on the screen). */
const WITH_USER: Record<string, string> = {
  '45011678': 'almacen@andina.pe',
  '45013457': 'estandar@andina.pe',
  '45016231': 'inventario@andina.pe',
};

const correoOf = (nombre: string, apellido: string) =>
  `${nombre.split(' ')[0][0]}${apellido.split(' ')[0]}@andina.pe`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Demo positions and employees over PRY-001 / PRY-002; runs inside the demo seed's transaction. */
export async function seedEmpleados(tx: Tx, ctx: DemoContext): Promise<void> {
  const positions = await tx.insert(puesto).values(PUESTOS.map((pue_nombre) => ({ pue_nombre }))).returning();
  const pueId = new Map(positions.map((p) => [p.pue_nombre, p.pue_id]));
  await tx.insert(empleado).values(EMPLEADOS.map(([dni, nombre, apellido, celular, cargo, pry, activo]) => {
    const linked = WITH_USER[dni];
    return {
      emp_dni: dni, emp_nombre: nombre, emp_apellido: apellido, emp_celular: celular,
      emp_email: linked ?? correoOf(nombre, apellido),
      pue_id: pueId.get(cargo)!, pry_id: ctx.projectIds.get(pry)!, usu_id: linked ? ctx.userIds.get(linked)! : null,
      emp_estado: activo ?? 1,
    };
  }));
}
