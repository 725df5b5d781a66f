import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { SegundoPasoPendiente, SessionExpiredError } from './api';

/** Per-request options read by the shell. */
interface RequestMeta extends Record<string, unknown> {
  /** false: the screen shows its own progress (an upload bar), so no full-screen overlay. */
  overlay?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** A refused call shows the server's message as an error toast (spec 1 §7); screens add nothing. */
function showError(error: Error) {
  // A session that ended redirects; a login's second step is a screen of its own.
  if (!(error instanceof SessionExpiredError) && !(error instanceof SegundoPasoPendiente)) toast.error(error.message);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: showError }),
  mutationCache: new MutationCache({ onError: showError }),
  defaultOptions: {
    queries: {
      // The server's answers are definitive (4xx with a message): asking again changes nothing.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
