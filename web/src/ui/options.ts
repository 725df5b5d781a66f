/** The active flag of the maintenance screens (spec 1 §9): 1 Activo, 0 Inactivo. */
export const ACTIVO_OPTIONS: { value: 0 | 1; label: string }[] = [
  { value: 1, label: 'Activo' },
  { value: 0, label: 'Inactivo' },
];
