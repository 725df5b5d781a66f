import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** The question asked before changed values are dropped (popup closed, page left). */
export const DISCARD_QUESTION = '¿Descartar los cambios?';

/**
 * The forms on screen that hold unsaved changes. One registry for the whole app because the
 * router supports a single blocker: a page form and a popup over it may both be changed.
 */
const changedForms = new Set<symbol>();

/**
 * Marks a form as changed while `changed` is true, so leaving the screen (a menu link,
 * Regresar, browser back, reload or closing the tab) asks first. Returns `release`, to call
 * right before navigating away after a save: the navigation then goes through unasked.
 */
export function useLeaveGuard(changed: boolean) {
  const id = useRef(Symbol('form'));
  useEffect(() => {
    const key = id.current;
    if (changed) changedForms.add(key);
    return () => {
      changedForms.delete(key);
    };
  }, [changed]);
  return useCallback(() => changedForms.delete(id.current), []);
}

/** Asks '¿Descartar los cambios?'; resolves true when the user chooses to discard. */
export function useAskDiscard() {
  const { modal } = App.useApp();
  return useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: DISCARD_QUESTION,
          content: 'Los datos ingresados no se guardaron.',
          okText: 'Descartar',
          okButtonProps: { danger: true },
          cancelText: 'Seguir editando',
          autoFocusButton: 'cancel',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}

/**
 * Mounted once by the shell: holds navigations away from a changed form until the user
 * answers, and has the browser ask before a reload or closing the tab.
 */
export function LeaveGuardHost() {
  const askDiscard = useAskDiscard();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changedForms.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  // The blocker is a new object on every render: ask once per held navigation.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void askDiscard().then((discard) => {
      asking.current = false;
      if (!discard) return blocker.reset();
      changedForms.clear();
      blocker.proceed();
    });
  }, [blocker, askDiscard]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (changedForms.size === 0) return;
      // Browsers show their own text; preventDefault is what makes them ask.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}
