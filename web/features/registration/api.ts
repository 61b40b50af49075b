import { queryOptions } from '@tanstack/react-query';
import { adminRegistrationContracts as routes } from '@common/registration/contract';
import type { ApprovalDecision, InviteCreate, RegistrationUpdate } from '@common/registration/registration';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { adminKeys } from '../../lib/query-keys';

/** Who may join: the admin's settings and invites, and the login screen's question. */
const registrationKeys = {
  settings: [...adminKeys.all, 'registration'] as const,
  invites: [...adminKeys.all, 'invites'] as const,
};

export const registrationSettingsQuery = queryOptions({
  queryKey: registrationKeys.settings,
  queryFn: ({ signal }) => callRoute(routes.settings, { signal }),
});

export const invitesQuery = queryOptions({
  queryKey: registrationKeys.invites,
  queryFn: ({ signal }) => callRoute(routes.invites, { signal }).then((r) => r.items),
});

export function useSaveRegistration() {
  return useApiMutation({
    request: (body: RegistrationUpdate) => callRoute(routes.updateSettings, { body }),
    success: 'Registration settings saved',
    reportAs: 'admin_registration',
    onSuccess: (saved, _vars, queryClient) => queryClient.setQueryData(registrationKeys.settings, saved),
  });
}

export function useCreateInvite() {
  return useApiMutation({
    request: (body: InviteCreate) => callRoute(routes.createInvite, { body }),
    success: 'Invite link created',
    reportAs: 'admin_invite',
    onSuccess: (_invite, _vars, queryClient) => invalidateAll(queryClient, [registrationKeys.invites]),
  });
}

export function useRevokeInvite() {
  return useApiMutation({
    request: (id: string) => callRoute(routes.revokeInvite, { params: { id } }),
    success: 'Invite revoked',
    reportAs: 'admin_invite',
    onSuccess: (_invite, _vars, queryClient) => invalidateAll(queryClient, [registrationKeys.invites]),
  });
}

/** Approve or decline a waiting account (the Users screens); the accounts lists refetch. */
export function useDecideApproval(uid: string) {
  return useApiMutation({
    request: ({ decision }: ApprovalDecision) => callRoute(routes.decideApproval, { params: { uid }, body: { decision } }),
    success: (_r, { decision }) => (decision === 'approve' ? 'Account approved' : 'Sign-up declined; the account was deleted'),
    reportAs: 'admin_approval',
    onSuccess: (_r, _vars, queryClient) => invalidateAll(queryClient, [adminKeys.moderation, registrationKeys.invites]),
  });
}
