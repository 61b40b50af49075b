import { useVerifyEmail } from '../settings';
import { EmailLinkScreen } from './EmailLinkScreen';

/** /verify-email?token=…: the link of the verification email, signed in or out. */
export function VerifyEmailScreen() {
  const verify = useVerifyEmail();
  return <EmailLinkScreen title="Verify your email address" pending="Verifying your email address…" mutation={verify} />;
}
