/** Issue 25: the header's search box over codes and names (filled in by its part). */
export function GlobalSearch() {
  return null;
}
