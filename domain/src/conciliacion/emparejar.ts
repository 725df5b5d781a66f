import Decimal from 'decimal.js';

/**
 * Which order line each invoice line bills (issue 25). Suppliers do not know our product codes, so
 * the rule is, for each invoice line in its order:
 * 1. description: the invoice line's cbc:Description equals the order line's description or its
 *    product's name, compared without case, accents, punctuation or repeated spaces (the first
 *    such order line not matched yet, else the first such line: two deliveries may bill one line);
 * 2. quantity and price: otherwise, the only order line not matched yet with the same quantity and
 *    a unit price (without IGV) within one cent of the invoice line's.
 * A line that fits neither stays unmatched, and then the whole invoice counts in the totals only.
 */

export interface LineaOrdenParaEmparejar {
  oci_orden: number;
  descripcion: string;
  producto: string | null;
  cantidad: string;
  precio: string;
}

export interface LineaFacturaParaEmparejar {
  descripcion: string;
  cantidad: string;
  precio: string;
}

export type Regla = 'descripcion' | 'cantidad_precio';

/** 'Cemento  Sol Tipo-I (42.5 kg)' → 'cemento sol tipo i 42 5 kg'. */
export function normalizarDescripcion(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

export function emparejarLineas(
  factura: readonly LineaFacturaParaEmparejar[],
  orden: readonly LineaOrdenParaEmparejar[],
): { oci_orden: number | null; regla: Regla | null }[] {
  const usadas = new Set<number>();
  const nombres = orden.map((o) => [normalizarDescripcion(o.descripcion), o.producto ? normalizarDescripcion(o.producto) : ''] as const);
  return factura.map((f) => {
    const d = normalizarDescripcion(f.descripcion);
    const porNombre = d ? orden.filter((_, i) => nombres[i].includes(d)) : [];
    const porDescripcion = porNombre.find((o) => !usadas.has(o.oci_orden)) ?? porNombre[0];
    if (porDescripcion) {
      usadas.add(porDescripcion.oci_orden);
      return { oci_orden: porDescripcion.oci_orden, regla: 'descripcion' as const };
    }
    const candidatas = orden.filter((o) => !usadas.has(o.oci_orden) && new Decimal(o.cantidad).eq(f.cantidad)
      && new Decimal(o.precio).minus(f.precio).abs().lte('0.01'));
    if (candidatas.length === 1) {
      usadas.add(candidatas[0].oci_orden);
      return { oci_orden: candidatas[0].oci_orden, regla: 'cantidad_precio' as const };
    }
    return { oci_orden: null, regla: null };
  });
}
