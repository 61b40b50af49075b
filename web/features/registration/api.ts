import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  inviteListSchema,
  inviteSchema,
  registrationSettingsSchema,
  type ApprovalDecision,
  type InviteCreate,
  type RegistrationUpdate,
} from '@common/registration';
import { apiFetch } from '../../lib/api';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { adminKeys } from '../../lib/query-keys';

/** Who may join: the admin's settings and invites, and the login screen's question. */
const registrationKeys = {
  settings: [...adminKeys.all, 'registration'] as const,
  invites: [...adminKeys.all, 'invites'] as const,
};

export const registrationSettingsQuery = queryOptions({
  queryKey: registrationKeys.settings,
  queryFn: ({ signal }) => apiFetch('/api/admin/settings/registration', { schema: import.meta.env.DEV ? registrationSettingsSchema : undefined, signal }),
});

export const invitesQuery = queryOptions({
  queryKey: registrationKeys.invites,
  queryFn: ({ signal }) => apiFetch('/api/admin/invites', { schema: import.meta.env.DEV ? inviteListSchema : undefined, signal }).then((r) => r.items),
});

export function useSaveRegistration() {
  return useApiMutation({
    request: (body: RegistrationUpdate) => apiFetch('/api/admin/settings/registration', { method: 'PATCH', body, schema: import.meta.env.DEV ? registrationSettingsSchema : undefined }),
    success: 'Registration settings saved',
    reportAs: 'admin_registration',
    onSuccess: (saved, _vars, queryClient) => queryClient.setQueryData(registrationKeys.settings, saved),
  });
}

export function useCreateInvite() {
  return useApiMutation({
    request: (body: InviteCreate) => apiFetch('/api/admin/invites', { method: 'POST', body, schema: import.meta.env.DEV ? inviteSchema : undefined }),
    success: 'Invite link created',
    reportAs: 'admin_invite',
    onSuccess: (_invite, _vars, queryClient) => invalidateAll(queryClient, [registrationKeys.invites]),
  });
}

export function useRevokeInvite() {
  return useApiMutation({
    request: (id: string) => apiFetch(`/api/admin/invites/${encodeURIComponent(id)}/revoke`, { method: 'POST', schema: import.meta.env.DEV ? inviteSchema : undefined }),
    success: 'Invite revoked',
    reportAs: 'admin_invite',
    onSuccess: (_invite, _vars, queryClient) => invalidateAll(queryClient, [registrationKeys.invites]),
  });
}

const decisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });

/** Approve or decline a waiting account (the Users screens); the accounts lists refetch. */
export function useDecideApproval(uid: string) {
  return useApiMutation({
    request: ({ decision }: ApprovalDecision) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(uid)}/approval`, { method: 'POST', body: { decision }, schema: import.meta.env.DEV ? decisionSchema : undefined }),
    success: (_r, { decision }) => (decision === 'approve' ? 'Account approved' : 'Sign-up declined; the account was deleted'),
    reportAs: 'admin_approval',
    onSuccess: (_r, _vars, queryClient) => invalidateAll(queryClient, [adminKeys.moderation, registrationKeys.invites]),
  });
}
