import { useHasOption } from '../../base/session';

/**
 * Whether the write buttons show: the option `registrar_producto` among the session's option
 * codes (spec 3 §6), and not VISUALIZADOR. The server checks the same on every call.
 */
export const useCanRegistrar = (): boolean => useHasOption('registrar_producto');
