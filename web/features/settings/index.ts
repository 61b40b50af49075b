/** The settings feature's public entry: the account calls the sign-in screens use, and what admin and notifications show. */
export { useConfirmEmail, useForgotPassword, usePasswordPolicy, useResetPassword, useVerifyEmail } from './api';
export { lastActiveText } from './last-active';
export { TwoFactorSection } from './TwoFactorSection';
