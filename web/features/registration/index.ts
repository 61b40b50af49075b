/** Who may join (issue 26): the waiting screen and the approval buttons. */
export { WaitingScreen } from './WaitingScreen';
export { ApprovalActions } from './ApprovalActions';
