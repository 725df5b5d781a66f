// The display rules live in domain (domain/src/common/format.ts), shared with the order PDF.
export { formatAmount, formatDate, formatDecimal, formatMoney, formatRate, fromScaled, sumCents, toScaled } from '@obra/domain';

/**
 * What a date picker shows (27/11/2026, the one display format: issue 24) and also accepts when typed
 * (27-11-2026, the API's and the spec's form).
 */
export const FECHA_FORMATOS = ['DD/MM/YYYY', 'DD-MM-YYYY'];
export const FECHA_HORA_FORMATOS = ['DD/MM/YYYY HH:mm', 'DD-MM-YYYY HH:mm'];

/** An API date-time in the spec's 'dd-mm-yyyy hh:mm' (ovt_fecha_entrega, ovp_fecha_pago) as the screens show dates. */
export const fechaDeApi = (t: string | null | undefined) => (t ? t.replace(/^(\d{2})-(\d{2})-(\d{4})/, '$1/$2/$3') : '-');
