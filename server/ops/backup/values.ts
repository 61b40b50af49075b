import type { Dialect } from '../../db/database';
import type { LogicalType } from './format';

/**
 * Values as a backup writes them: JSON's own null, strings, numbers and booleans, whichever
 * database they came from. Timestamps are ISO-8601 strings (PostgreSQL's driver gives better-auth's
 * timestamptz columns as Dates; on SQLite better-auth keeps the same ISO text), booleans keep
 * what the source had (true/false on PostgreSQL, 0/1 on SQLite: the target decides, see
 * toTarget), JSON columns their text, bytes base64.
 */
export type PortableValue = string | number | boolean | null;

export function toPortable(type: LogicalType, value: unknown): PortableValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  switch (type) {
    case 'integer':
    case 'real':
      // pg gives numeric as text.
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : (value as PortableValue);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      return JSON.stringify(value);
  }
}

const truthy = (value: PortableValue) => value === true || value === 1 || value === '1' || value === 't' || value === 'true';

/**
 * A portable value as the target column wants it: a boolean column on PostgreSQL takes
 * true/false, the same column on SQLite (better-auth declares it INTEGER) 0/1; a timestamp
 * column takes the ISO string (PostgreSQL parses it; SQLite keeps it as better-auth writes it).
 */
export function toTarget(type: LogicalType, value: PortableValue, dialect: Dialect): unknown {
  if (value === null) return null;
  switch (type) {
    case 'boolean':
      return dialect === 'postgres' ? truthy(value) : truthy(value) ? 1 : 0;
    case 'integer':
      return typeof value === 'boolean' ? (value ? 1 : 0) : value;
    case 'timestamp':
      return typeof value === 'number' ? new Date(value).toISOString() : value;
    case 'bytes':
      return typeof value === 'string' ? Buffer.from(value, 'base64') : value;
    default:
      return value;
  }
}
