import { useConfirmEmail } from '../settings';
import { EmailLinkScreen } from './EmailLinkScreen';

/** /confirm-email?token=…: the link sent to a new address; the account's email changes here. */
export function ConfirmEmailScreen() {
  const confirm = useConfirmEmail();
  return <EmailLinkScreen title="Confirm your new email address" pending="Confirming your new email address…" mutation={confirm} />;
}
