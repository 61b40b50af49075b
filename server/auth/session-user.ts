import type { UserRecord } from '@common/me/user';

/**
 * The signed-in person as a request knows them: their users row, without the favourites,
 * which only GET /api/me and `user.updated` show (and load: shared/users.ts `withFavorites`).
 */
export type SessionUser = Omit<UserRecord, 'favorites'>;
