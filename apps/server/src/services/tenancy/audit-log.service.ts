import type { AuditEntry } from '@parley/db';
import type { Principal } from '../../auth/principal';

export const AUDIT_LOG_FILE_NAME = 'users-log.csv';
const COLUMNS = ['time', 'actor', 'action', 'target', 'details'] as const;

/**
 * One CSV cell. Cells a spreadsheet would run as a formula (= + - @, and tab or carriage
 * return in front) get a leading quote (OWASP's CSV-injection advice); then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** GET /api/tenant/audit-log: the tenant's administrative actions, oldest first. */
export function auditLogCsv(entries: AuditEntry[]): string {
  const lines = [COLUMNS.join(',')];
  for (const e of entries) {
    lines.push([e.createdAt, e.actor, e.action, e.target, e.details].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** GET /api/tenant/audit-log: the selected tenant's audit log as the CSV file. */
export async function auditLogFile(principal: Principal): Promise<{ fileName: string; csv: string }> {
  return { fileName: AUDIT_LOG_FILE_NAME, csv: auditLogCsv(await principal.scope.audit.list()) };
}
