import { queryOptions } from '@tanstack/react-query';
import type { AboutMeUpdate, DetailsUpdate, ProfileIconUpdate, PronounsUpdate } from '@common/profile/profile';
import { meResponseSchema, type MeResponse } from '@common/me/user';
import { routePath } from '@common/contracts/define';
import { handleContracts } from '@common/handles/contract';
import { profileContracts, userContracts } from '@common/profile/contract';
import { callRoute } from '../../lib/call-route';
import { setCurrentUserData } from '../../lib/auth';
import { useApiMutation } from '../../lib/mutation';
import { profileKeys, storyKeys } from '../../lib/query-keys';
import { fetchWithRetry, uploadFile, type Progress, type RetryOptions } from '../../lib/upload';
import { storyListQuery } from '../stories';

export const myStatsQuery = queryOptions({
  queryKey: profileKeys.myStats,
  queryFn: ({ signal }) => callRoute(profileContracts.stats, { signal }),
  // Stories written elsewhere change these: fetch afresh on every visit.
  staleTime: 0,
});

export const publicProfileQuery = (uid: string) =>
  queryOptions({
    queryKey: profileKeys.user(uid),
    queryFn: ({ signal }) => callRoute(userContracts.profile, { params: { uid }, signal }),
    staleTime: 0,
  });

/** /@handle: whose handle it is, and their handle now (an old one of theirs leads to them too). */
export const handleLookupQuery = (handle: string) =>
  queryOptions({
    queryKey: profileKeys.handle(handle),
    queryFn: ({ signal }) => callRoute(handleContracts.lookup, { params: { handle }, signal }),
    staleTime: 0,
  });

export const publicStoriesQuery = (uid: string) =>
  storyListQuery(profileKeys.userStories(uid), (cursor) => routePath(userContracts.stories, { params: { uid }, query: { cursor } }));

/** The event types a profile failure is logged under (spec section 8). */
export type ProfileEventType =
  | 'profile_icon_updated'
  | 'profile_about_updated'
  | 'profile_pronouns_updated'
  | 'profile_details_updated'
  | 'profile_image_uploaded'
  | 'profile_image_removed'
  | 'profile_daily_goal_updated'
  | 'profile_stats_loaded';

/** Spec section 8: the toasts of each profile change. */
export const PROFILE_TOASTS = {
  icon: { success: 'Profile icon updated!', failure: 'Failed to save profile icon', event: 'profile_icon_updated' },
  about: { success: 'About Me updated!', failure: 'Failed to save About Me', event: 'profile_about_updated' },
  pronouns: { success: 'Pronouns updated!', failure: 'Failed to save pronouns', event: 'profile_pronouns_updated' },
  details: { success: 'Profile updated!', failure: 'Failed to save profile', event: 'profile_details_updated' },
  upload: { success: 'Profile image uploaded!', failure: 'Failed to upload image', event: 'profile_image_uploaded' },
  remove: { success: 'Profile image removed!', failure: 'Failed to remove image', event: 'profile_image_removed' },
} as const satisfies Record<string, { success: string; failure: string; event: ProfileEventType }>;
export const STATS_FAILURE = 'Failed to load profile stats';

type ToastSet = (typeof PROFILE_TOASTS)[keyof typeof PROFILE_TOASTS];

/**
 * A change to the user's own record: the answer becomes the current user (the nav avatar
 * and every screen follow), the success toast shows; a failure toasts and is logged.
 * `avatar`: story cards show the author's avatar, so their lists are refetched.
 */
function useProfileMutation<V>(request: (vars: V) => Promise<MeResponse>, toasts: ToastSet, { avatar = false } = {}) {
  return useApiMutation({
    request,
    success: toasts.success,
    failure: toasts.failure,
    reportAs: toasts.event,
    onSuccess: async (saved, _vars, queryClient) => {
      setCurrentUserData(queryClient, saved);
      await queryClient.invalidateQueries({ queryKey: profileKeys.user(saved.user.uid) });
      if (avatar) await queryClient.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}

export const useSaveProfileIcon = () => useProfileMutation((body: ProfileIconUpdate) => callRoute(profileContracts.icon, { body }), PROFILE_TOASTS.icon, { avatar: true });
export const useSaveAboutMe = () => useProfileMutation((body: AboutMeUpdate) => callRoute(profileContracts.about, { body }), PROFILE_TOASTS.about);
export const useSavePronouns = () => useProfileMutation((body: PronounsUpdate) => callRoute(profileContracts.pronouns, { body }), PROFILE_TOASTS.pronouns);
export const useSaveDetails = () => useProfileMutation((body: DetailsUpdate) => callRoute(profileContracts.details, { body }), PROFILE_TOASTS.details);

export interface UploadVars {
  file: File;
  onProgress?: (progress: Progress) => void;
  onRetry?: RetryOptions['onRetry'];
}

export const useUploadProfileImage = () =>
  useProfileMutation(
    ({ file, onProgress, onRetry }: UploadVars) => uploadFile('/api/me/profile-image', file, { schema: meResponseSchema, onProgress, onRetry }),
    PROFILE_TOASTS.upload,
    { avatar: true },
  );

export const useRemoveProfileImage = () =>
  useProfileMutation(
    (vars: { onRetry?: RetryOptions['onRetry'] } = {}) =>
      fetchWithRetry('/api/me/profile-image', { method: 'DELETE', schema: import.meta.env.DEV ? meResponseSchema : undefined }, { onRetry: vars.onRetry }),
    PROFILE_TOASTS.remove,
    { avatar: true },
  );
