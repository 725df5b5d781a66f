import { SCREEN_ROUTES, screenRouteFor } from '@obra/domain';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { MenuGroup } from '@obra/domain';

/** Screens of a module listed in the menu besides the module's own url (the outbox under Usuarios). */
const extraScreens = (modulo: string) => SCREEN_ROUTES.filter((r) => r.module === modulo && r.menu);

/** Spec 1 §2.2: per module group, its modules that have a url, each followed by its extra screens. */
export function TopMenu({ groups }: { groups: MenuGroup[] }) {
  const { pathname } = useLocation();
  const route = screenRouteFor(pathname);
  const current = route?.menu ? route.path : route?.module;
  const items: MenuProps['items'] = groups
    .map((g) => ({ ...g, modulos: g.modulos.filter((m) => m.mod_url) }))
    .filter((g) => g.modulos.length > 0)
    .map((g) => ({
      key: `grupo-${g.mgp_id}`,
      label: g.mgp_nombre,
      children: g.modulos.flatMap((m) => [
        { key: m.mod_codigo, label: <Link to={m.mod_url}>{m.mod_nombre}</Link> },
        ...extraScreens(m.mod_codigo).map((r) => ({ key: r.path, label: <Link to={r.path}>{r.menu}</Link> })),
      ]),
    }));
  return (
    <Menu
      theme="dark"
      mode="horizontal"
      aria-label="Menú principal"
      items={items}
      selectedKeys={current ? [current] : []}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
