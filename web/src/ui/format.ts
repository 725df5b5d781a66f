// The display rules live in domain (domain/src/common/format.ts), shared with the order PDF.
export { formatAmount, formatDate, formatDecimal, formatMoney, formatRate, fromScaled, sumCents, toScaled } from '@obra/domain';
