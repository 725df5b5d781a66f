import { useParams } from 'react-router';

/** The order id of a route's `:id`, or null when it is not a positive whole number. */
export function useOrdenId(): number | null {
  const { id } = useParams();
  return id && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}
