import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useNavigation } from 'react-router';

/** Shown only when the wait is longer than this, so fast calls do not flicker. */
const DELAY_MS = 300;

/**
 * Spec 1 §2.2: 'Cargando, por favor espere...' while any request runs, a screen's code
 * included. A request whose meta says `overlay: false` shows its own progress instead.
 */
export function LoadingOverlay() {
  const fetching = useIsFetching({ predicate: (q) => q.meta?.overlay !== false });
  const mutating = useIsMutating({ predicate: (m) => m.meta?.overlay !== false });
  const navigating = useNavigation().state !== 'idle';
  return (
    <Spin
      fullscreen
      spinning={fetching + mutating > 0 || navigating}
      delay={DELAY_MS}
      description="Cargando, por favor espere..."
    />
  );
}
