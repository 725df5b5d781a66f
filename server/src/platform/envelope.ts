/** The reply of every /api call (ARCHITECTURE convention 4). */
export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

export const ok = <T>(data: T, message = ''): Envelope<T> => ({ status: 'success', message, data });
export const fail = (message: string, data: unknown = null): Envelope<unknown> => ({ status: 'error', message, data });

/** Page shape of spec 1 lists: `{data, total}`. */
export interface Paged<T> {
  data: T[];
  total: number;
}
