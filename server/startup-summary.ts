import path from 'node:path';
import type { AppConfig } from './config';

/*
 * What start-up tells whoever started the server (server/main.ts): where it is served, which
 * database it uses, who becomes admin, and whether email is sent or printed. Once as fields of
 * the structured log line (for log collectors), and once as a few plain lines for a person at a
 * terminal, with a warning when no ADMIN_EMAIL is set: without it nobody is ever an admin.
 */

/** A database or SMTP URL as it may be printed: host, port and database, never the user or password. */
export function safeAddress(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

export interface StartupSummary {
  /** For the structured log line. */
  fields: { url: string; database: string; adminEmail: string | null; email: 'smtp' | 'printed' };
  /** Plain lines for a person (the last ones warnings, when there are any). */
  lines: string[];
  /** What deserves a warning in the structured log too. */
  warnings: string[];
}

export const NO_ADMIN_EMAIL_WARNING =
  'ADMIN_EMAIL is not set, so nobody is an admin. Set ADMIN_EMAIL to your address, restart, and sign up (or verify) with that address.';

export function startupSummary(config: AppConfig): StartupSummary {
  const database =
    config.database.kind === 'postgres'
      ? `PostgreSQL at ${safeAddress(config.database.url)}`
      : `SQLite at ${path.resolve(config.dataDir, config.database.file)}`;
  const email = config.mail.smtpUrl
    ? `sent through SMTP at ${safeAddress(config.mail.smtpUrl)}, from ${config.mail.from}`
    : 'not sent (SMTP_URL is not set): each one, with its link, is printed in this output instead';
  const admin = config.adminEmail
    ? `${config.adminEmail} (ADMIN_EMAIL) is an admin once that address is verified`
    : 'nobody (ADMIN_EMAIL is not set)';
  const warnings = config.adminEmail ? [] : [NO_ADMIN_EMAIL_WARNING];
  return {
    fields: { url: config.publicUrl, database, adminEmail: config.adminEmail, email: config.mail.smtpUrl ? 'smtp' : 'printed' },
    lines: [
      `Drabble is running at ${config.publicUrl}`,
      `  Database: ${database}`,
      `  Admin:    ${admin}`,
      `  Email:    ${email}`,
      ...warnings.map((w) => `  Warning:  ${w}`),
    ],
    warnings,
  };
}
