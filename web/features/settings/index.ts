/** The settings feature's public entry: the account calls the sign-in screens and the app shell use. */
export { useConfirmEmail, useForgotPassword, usePasswordPolicy, useResetPassword, useVerifyEmail } from './api';
export { lastActiveText } from './last-active';
export { TwoFactorSection } from './TwoFactorSection';
