import { madeOnFirstUse } from '@common/shared/made-on-first-use';

const dateFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
const dateTimeFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const timeFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }));
const numberFormat = madeOnFirstUse(() => new Intl.NumberFormat());

/** "Mar 5, 2025" in the reader's locale. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat().format(date);
}

export function formatDateTime(iso: string | number): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

export function formatTime(at: number): string {
  return timeFormat().format(new Date(at));
}

export function formatNumber(n: number): string {
  return numberFormat().format(n);
}

/** "1 word", "2 words". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
