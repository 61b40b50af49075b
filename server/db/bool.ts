import type { DbBool } from './types';

export const toDbBool = (value: boolean): DbBool => (value ? 1 : 0);
export const fromDbBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
