import type { QueryClient } from '@tanstack/react-query';
import type { meContracts } from '@common/me/contract';
import type { PreferencesUpdate, UserRecord } from '@common/me/user';
import { apiFetch } from './api';
import { ME_QUERY_KEY, setCurrentUserData } from './auth';

type AppearanceFields = Pick<UserRecord, 'themeMode' | 'colorTheme'>;

function patchCachedUser(queryClient: QueryClient, fields: Partial<AppearanceFields>): void {
  const current = queryClient.getQueryData(ME_QUERY_KEY);
  if (current) setCurrentUserData(queryClient, { user: { ...current.user, ...fields } });
}

// Quick successive choices: only the latest save's answer (or failure) touches the cache.
let latestSave = 0;

/**
 * Saves a signed-in user's appearance choice. The change shows at once; if the server
 * refuses it, the previous values come back and the failure goes to the console only.
 * Resolves to whether the record was saved; never rejects.
 */
export async function savePreferences(queryClient: QueryClient, update: PreferencesUpdate): Promise<boolean> {
  const before = queryClient.getQueryData(ME_QUERY_KEY);
  if (!before) return false;
  const optimistic: Partial<AppearanceFields> = {};
  const previous: Partial<AppearanceFields> = {};
  if (update.themeMode !== undefined) {
    optimistic.themeMode = update.themeMode;
    previous.themeMode = before.user.themeMode;
  }
  if (update.colorTheme !== undefined) {
    optimistic.colorTheme = update.colorTheme;
    previous.colorTheme = before.user.colorTheme;
  }
  patchCachedUser(queryClient, optimistic);
  const save = ++latestSave;
  try {
    // The theme controls are on every page: the schema is checked, and imported, in development only (lib/api.ts).
    const schema = import.meta.env.DEV ? (await import('@common/me/contract')).meContracts.preferences.response : undefined;
    // The contract's method and path, checked by type only: importing the contract would bring zod in.
    const route: Pick<typeof meContracts.preferences, 'method' | 'path'> = { method: 'PATCH', path: '/api/me/preferences' };
    const saved = await apiFetch(route.path, { method: route.method, body: update, schema });
    if (save === latestSave) setCurrentUserData(queryClient, saved);
    return true;
  } catch (error) {
    console.error('Could not save appearance preference', error);
    if (save === latestSave) patchCachedUser(queryClient, previous);
    return false;
  }
}
