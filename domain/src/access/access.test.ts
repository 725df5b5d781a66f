import { describe, expect, it } from 'vitest';
import { MODULES } from './modules.ts';
import { OPTIONS } from './options.ts';
import { ROLE_GRANTS } from './roles.ts';
import { SCREEN_ROUTES, screenRouteFor } from './routes.ts';
import { isReadOnly, isSupplier } from './session.ts';

describe('access model', () => {
  it('maps screen paths to their module, with parameters', () => {
    expect(screenRouteFor('/orden/view/15')?.module).toBe('orden_compra');
    expect(screenRouteFor('/ordenPago/3/ver/9')?.module).toBe('orden_pago');
    expect(screenRouteFor('/rendicion/new/4/CAJ-2026-000004')?.module).toBe('caja');
    expect(screenRouteFor('/login/ana@andina.pe')?.module).toBe('public');
    expect(screenRouteFor('/no/existe')).toBeUndefined();
  });

  it('has a module with a menu url for every gated list screen, and unique codes', () => {
    const codes = MODULES.map((m) => m.mod_codigo);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of SCREEN_ROUTES) if (r.module && r.module !== 'public') expect(codes).toContain(r.module);
    for (const m of MODULES) if (m.mod_url) expect(screenRouteFor(m.mod_url)?.module).toBe(m.mod_codigo);
  });

  it('grants only modules and options that exist', () => {
    const codes = new Set<string>(MODULES.map((m) => m.mod_codigo));
    const options = new Set<string>(OPTIONS.map((o) => o.opc_codigo));
    for (const g of Object.values(ROLE_GRANTS)) {
      g.modules.forEach((m) => expect(codes.has(m)).toBe(true));
      g.options.forEach((o) => expect(options.has(o)).toBe(true));
    }
  });

  it('names every option code the specs name', () => {
    for (const code of ['aprobar_orden_compra', 'aprobar_orden_compra_contable', 'pagar_orden_compra', 'aprobar_orden_pago', 'aprobar_orden_venta',
      'registrar_producto', 'registrar_asignacion', 'registrar_devolucion', 'registrar_transferencia_orden_compra', 'aprobar_pedido_items']) {
      expect(OPTIONS.map((o) => o.opc_codigo as string)).toContain(code);
    }
  });

  it('treats VISUALIZADOR as read-only unless also SUPER, and suppliers by type and id', () => {
    expect(isReadOnly({ roleIds: [9] })).toBe(true);
    expect(isReadOnly({ roleIds: [9, 0] })).toBe(false);
    expect(isSupplier({ tiu_id: 3, pve_id: 4 })).toBe(true);
    expect(isSupplier({ tiu_id: 3, pve_id: null })).toBe(false);
  });
});
