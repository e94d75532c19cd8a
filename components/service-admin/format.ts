const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** Dates on the admin pages, in UTC like the rest of the desk. */
export function formatDateTime(date: Date | string | null | undefined): string {
  if (!date) return '—';
  return dateTime.format(typeof date === 'string' ? new Date(date) : date);
}

const eur = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const eurPrecise = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** A balance: cents. */
export function formatEur(amount: number): string {
  return eur.format(amount);
}

/** A price per page: up to 4 decimals, as stored. */
export function formatPrice(amount: number): string {
  return eurPrecise.format(amount);
}

/** The plain value for a price input ("0.1", not "€0.10"). */
export function priceInputValue(amount: number): string {
  return String(Math.round(amount * 10_000) / 10_000);
}
