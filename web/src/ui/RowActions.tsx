import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';

export interface RowAction {
  key: string;
  /** The tooltip and menu text, e.g. 'Editar'; with the row's name it is the button's accessible name. */
  label: string;
  icon: ReactNode;
  onClick: () => unknown;
  danger?: boolean;
  /** Asked first (danger actions): the question, e.g. '¿Desea eliminar la marca Sika?'. */
  confirm?: string;
  /** A line under the question, e.g. DELETE_DETAIL or what the action changes. */
  confirmDetail?: string;
  /** Not offered at all (no permission, wrong state). */
  hidden?: boolean;
  /** Shown but not usable yet (a file that does not exist yet); its label says why. */
  disabled?: boolean;
}

/** The line under a delete's question. */
export const DELETE_DETAIL = 'Esta acción no se puede deshacer.';

/** Icon buttons shown in the row; the rest go into the '...' menu. */
export const INLINE_ACTIONS = 3;

interface RowActionsProps {
  /** How the row is named for screen readers and tests: 'Editar CC01'. */
  name: string;
  actions: RowAction[];
  inline?: number;
  /**
   * Keep the '...' menu even for a single entry: for lists whose rows offer different numbers of
   * actions (the order list), so the icons line up down the column.
   */
  keepMenu?: boolean;
}

/**
 * The actions of a list row, the same on every screen: the first few as icon buttons with
 * tooltips, the rest in one overflow menu; a danger action with `confirm` asks first.
 */
export function RowActions({ name, actions, inline = INLINE_ACTIONS, keepMenu = false }: RowActionsProps) {
  const { modal } = App.useApp();
  const offered = actions.filter((a) => !a.hidden);
  // A menu of a single entry hides it for nothing: it then shows as a button.
  const shown = offered.length <= inline + (keepMenu ? 0 : 1) ? offered : offered.slice(0, inline);
  const more = offered.slice(shown.length);

  const run = (action: RowAction) => {
    if (!action.confirm) return void action.onClick();
    modal.confirm({
      title: action.confirm,
      content: action.confirmDetail,
      okText: action.label,
      okButtonProps: { danger: action.danger },
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      // A refusal is already toasted by the query cache, so the dialog just closes.
      onOk: () => Promise.resolve(action.onClick()).catch(() => undefined),
    });
  };

  const menu: MenuProps = {
    items: more.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger, disabled: a.disabled })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const action = more.find((a) => a.key === key);
      if (action) run(action);
    },
  };

  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {shown.map((a) => (
        <Tooltip key={a.key} title={a.label}>
          <Button type="text" danger={a.danger} disabled={a.disabled} icon={a.icon} aria-label={`${a.label} ${name}`} onClick={() => run(a)} />
        </Tooltip>
      ))}
      {more.length > 0 && (
        <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
          <Button type="text" icon={<MoreOutlined />} aria-label={`Más acciones ${name}`} />
        </Dropdown>
      )}
    </Space>
  );
}

/** Width of the actions column for rows of up to `count` actions. */
export const rowActionsWidth = (count: number, inline = INLINE_ACTIONS) => 16 + 32 * Math.min(count, inline + 1);
