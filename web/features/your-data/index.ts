/** "Your data" in Settings (issue 14): download everything, import stories. */
export { YourDataSection } from './YourDataSection';
