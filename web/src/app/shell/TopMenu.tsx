import { screenRouteFor } from '@obra/domain';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { MenuGroup } from '@obra/domain';

/** Spec 1 §2.2: per module group, its modules that have a url. */
export function TopMenu({ groups }: { groups: MenuGroup[] }) {
  const { pathname } = useLocation();
  const current = screenRouteFor(pathname)?.module;
  const items: MenuProps['items'] = groups
    .map((g) => ({ ...g, modulos: g.modulos.filter((m) => m.mod_url) }))
    .filter((g) => g.modulos.length > 0)
    .map((g) => ({
      key: `grupo-${g.mgp_id}`,
      label: g.mgp_nombre,
      children: g.modulos.map((m) => ({ key: m.mod_codigo, label: <Link to={m.mod_url}>{m.mod_nombre}</Link> })),
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
