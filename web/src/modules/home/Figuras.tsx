/** Issue 25: the figures on Inicio, for the roles that read each module (filled in by its part). */
export function Figuras() {
  return null;
}
