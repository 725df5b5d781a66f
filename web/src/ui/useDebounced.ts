import { useEffect, useState } from 'react';

/** Search boxes wait 1000 ms before querying (spec 1 §9). */
export const SEARCH_DELAY_MS = 1000;

/** `value` once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
