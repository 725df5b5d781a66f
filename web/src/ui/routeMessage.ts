import type { Location } from 'react-router';

/**
 * A message carried to a screen (spec 1 §2.3, §2.4): in the location state (`{ message }`,
 * set by the route guard) or as `?message=` in the address.
 */
export function routeMessage(location: Location): string | undefined {
  const state: unknown = location.state;
  if (state && typeof state === 'object' && 'message' in state && typeof state.message === 'string') return state.message;
  return new URLSearchParams(location.search).get('message') ?? undefined;
}

/** The same address without its `message` parameter. */
export function withoutMessage(location: Location): string {
  const search = new URLSearchParams(location.search);
  search.delete('message');
  const query = search.toString();
  return location.pathname + (query ? `?${query}` : '') + location.hash;
}
