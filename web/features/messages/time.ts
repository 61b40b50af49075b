import { formatDate, formatTime } from '../../lib/format';

/** The conversation list's time: the hour for today's activity, else the date. */
export function listTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return at.toDateString() === new Date(now).toDateString() ? formatTime(at.getTime()) : formatDate(iso);
}
