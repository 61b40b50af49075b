/** Deleting one's own account (issue 14): the Settings section and the screen a deactivated account sees. */
export { DeleteAccountSection } from './DeleteAccountSection';
export { DeactivatedScreen } from './DeactivatedScreen';
