import type { QueryClient } from '@tanstack/react-query';
import { meResponseSchema, type PreferencesUpdate, type UserRecord } from '@common/user';
import { apiFetch } from './api';
import { ME_QUERY_KEY, setCurrentUserData } from './auth';

type AppearanceFields = Pick<UserRecord, 'themeMode' | 'colorTheme'>;

function patchCachedUser(queryClient: QueryClient, fields: Partial<AppearanceFields>): void {
  const current = queryClient.getQueryData(ME_QUERY_KEY);
  if (current) setCurrentUserData(queryClient, { user: { ...current.user, ...fields } });
}

/**
 * Saves a signed-in user's appearance choice. The change shows at once; if the server
 * refuses it, the previous values come back and the failure goes to the console only.
 */
export async function savePreferences(queryClient: QueryClient, update: PreferencesUpdate): Promise<void> {
  const before = queryClient.getQueryData(ME_QUERY_KEY);
  if (!before) return;
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
  try {
    const saved = await apiFetch('/api/me/preferences', { method: 'PATCH', body: update, schema: meResponseSchema });
    setCurrentUserData(queryClient, saved);
  } catch (error) {
    console.error('Could not save appearance preference', error);
    patchCachedUser(queryClient, previous);
  }
}
