/** Deleting one's own account: the Settings section and the screen a deactivated account sees. */
export { DeleteAccountSection } from './DeleteAccountSection';
export { DeactivatedScreen } from './DeactivatedScreen';
