import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `?ver=<id>` in the URL opens a record's popup on its list (the header search's links, issue 25): `abrir`
 * runs once per link followed, then the parameter leaves the URL (replace), so closing the popup and
 * reloading does not open it again. Other query parameters stay.
 */
export function useVerParam(abrir: (id: number) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get('ver');
  useEffect(() => {
    if (raw === null) return;
    const id = Number(raw);
    if (Number.isSafeInteger(id) && id > 0) abrir(id);
    const rest = new URLSearchParams(location.search);
    rest.delete('ver');
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    // Only a new `ver` value opens a popup; `abrir` is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);
}
