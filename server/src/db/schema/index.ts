export * from './reference.ts';
export * from './organization.ts';
export * from './access.ts';
export * from './platform.ts';
export * from './centro-costo.ts';
export * from './catalogo.ts';
export * from './producto.ts';
export * from './empleado.ts';
