/** usu_nivel: 1 corporativo (every project); any other value is limited to its project (spec 1 §6). */
export const NIVEL_OPTIONS = [
  { value: 0, label: 'Proyecto' },
  { value: 1, label: 'Corporativo' },
];

export const nivelLabel = (nivel: number) => (nivel === 1 ? 'Corporativo' : 'Proyecto');
