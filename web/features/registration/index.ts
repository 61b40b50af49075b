/** Who may join: the waiting screen and the approval buttons. */
export { WaitingScreen } from './WaitingScreen';
export { ApprovalActions } from './ApprovalActions';
