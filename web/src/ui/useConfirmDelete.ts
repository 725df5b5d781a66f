import { App } from 'antd';

interface ConfirmDelete {
  /** The question, e.g. '¿Desea eliminar la marca Sika?'. */
  title: string;
  /** Deletes; a refusal is already toasted by the query cache, so the dialog just closes. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before a delete (spec 1 §5, §8 "Confirmations"); Escape or 'Cancelar' keeps the record. */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  return ({ title, onConfirm }: ConfirmDelete) =>
    modal.confirm({
      title,
      content: 'Esta acción no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => onConfirm().catch(() => undefined),
    });
}
