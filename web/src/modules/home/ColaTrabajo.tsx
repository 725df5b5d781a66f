/** Issue 25: the user's work queue on Inicio (filled in by its part). */
export function ColaTrabajo() {
  return null;
}
