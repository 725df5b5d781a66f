/** A quantity as the inputs show it: '100.0000' → '100', '2.5000' → '2.5' (what the user typed, not the column's scale). */
export const sinCeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);
