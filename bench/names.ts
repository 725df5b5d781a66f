/** A seeded generator (mulberry32), so the same scale always yields the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

export type Random = ReturnType<typeof createRandom>;

const FIRST_NAMES = [
  'José', 'Luis', 'Juan', 'Carlos', 'Jorge', 'Miguel', 'César', 'Víctor', 'Pedro', 'Manuel', 'Óscar', 'Raúl',
  'Alberto', 'Julio', 'Edwin', 'Wilber', 'Rubén', 'Percy', 'Héctor', 'Fernando', 'Diego', 'Renzo', 'Jhon', 'Elmer',
  'María', 'Rosa', 'Ana', 'Carmen', 'Luz', 'Juana', 'Lucía', 'Flor', 'Gladys', 'Yolanda', 'Milagros', 'Patricia',
  'Elizabeth', 'Sonia', 'Maribel', 'Rocío', 'Karina', 'Roxana', 'Silvia', 'Giovanna', 'Fiorella', 'Katherine', 'Nelly', 'Yesenia',
] as const;

/**
 * Common Peruvian surnames with rough, hand-set weights. Quispe, the most frequent one,
 * is about 4 % of draws, so the "quispe" search matches roughly 8 % of users (two surnames).
 */
const SURNAMES: readonly (readonly [string, number])[] = [
  ['Quispe', 20], ['Flores', 16], ['Sánchez', 15], ['Rodríguez', 20], ['García', 19], ['Rojas', 17], ['Huamán', 17],
  ['Mamani', 16], ['Gonzales', 15], ['Chávez', 15], ['Vásquez', 14], ['Díaz', 14], ['Ramos', 13], ['Torres', 13],
  ['Mendoza', 12], ['Ramírez', 12], ['Castillo', 11], ['Cruz', 11], ['Espinoza', 10], ['Gutiérrez', 10], ['López', 10],
  ['Pérez', 10], ['Condori', 10], ['Ccori', 6], ['Mayta', 6], ['Apaza', 7], ['Cárdenas', 7], ['Salazar', 7],
  ['Paredes', 7], ['Vargas', 8], ['Castro', 8], ['Aguilar', 8], ['Huanca', 6], ['Ticona', 5], ['Medina', 7],
  ['Cáceres', 5], ['Villanueva', 6], ['Zapata', 5], ['Ccahuana', 3], ['Loayza', 4], ['Meza', 6], ['Lozano', 5],
];

const SURNAME_TOTAL = SURNAMES.reduce((sum, [, w]) => sum + w, 0);

function surname(random: Random): string {
  let roll = random.next() * SURNAME_TOTAL;
  for (const [name, weight] of SURNAMES) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return SURNAMES[0][0];
}

/** A first name (sometimes two) and the usual paternal + maternal surnames. */
export function personName(random: Random): { nombre: string; apellido: string } {
  const first = random.pick(FIRST_NAMES);
  const nombre = random.next() < 0.3 ? `${first} ${random.pick(FIRST_NAMES)}` : first;
  return { nombre, apellido: `${surname(random)} ${surname(random)}` };
}

export const PROJECT_PLACES = [
  'Arequipa', 'Cusco', 'Trujillo', 'Chiclayo', 'Piura', 'Huancayo', 'Ica', 'Tacna', 'Puno', 'Cajamarca',
  'Ayacucho', 'Chimbote', 'Huánuco', 'Tarapoto', 'Pucallpa', 'Juliaca', 'Moquegua', 'Tumbes', 'Abancay', 'Huaraz',
] as const;

export const PROJECT_KINDS = ['Edificio', 'Planta', 'Carretera', 'Puente', 'Centro Comercial', 'Hospital', 'Colegio', 'Condominio'] as const;
