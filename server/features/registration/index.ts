/** Who may join: registration mode, invites, approvals and blocked email domains. */
export { refuseAwaitingApproval } from './gate';
export { refuseBlockedEmail } from './blocked';
export { signUpRule } from './sign-up';
export { readRegistration } from './settings';
