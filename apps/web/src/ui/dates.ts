/**
 * Dates as the product writes them (spec 02 section 9: day-month-year with dashes), in the
 * browser's time zone, whatever its language: '25-11-2026' and '25-11-2026 14:05'.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(iso: string | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

export function formatDateTime(iso: string | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
