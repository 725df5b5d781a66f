import { App } from 'antd';
import { useEffect } from 'react';

type Notifier = ReturnType<typeof App.useApp>['notification'];

/** Toast length in seconds: 4 s by default, 3.5 s for the shell's own notices (spec 1 §9). */
export const TOAST_SECONDS = 4;
export const SHELL_TOAST_SECONDS = 3.5;

let notifier: Notifier | null = null;

/**
 * Hands antd's context-aware notification API (top-right, set on <App>) to `toast`, so code
 * outside components (the query cache's error handler) can show toasts too.
 */
export function ToastHost() {
  const { notification } = App.useApp();
  useEffect(() => {
    notifier = notification;
  }, [notification]);
  return null;
}

// The text is the key: the same message twice updates one toast instead of stacking two.
export const toast = {
  success: (text: string, seconds = TOAST_SECONDS) => notifier?.success({ key: text, title: text, duration: seconds }),
  error: (text: string, seconds = TOAST_SECONDS) => notifier?.error({ key: text, title: text, duration: seconds }),
};
