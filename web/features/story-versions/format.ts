const versionTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** "Nov 24, 2026, 9:27:13 AM": to the second, as saves a minute apart are common while revising. */
export function formatVersionTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : versionTimeFormat.format(date);
}
