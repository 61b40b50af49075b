/** "Your data" in Settings: download everything, import stories. */
export { YourDataSection } from './YourDataSection';
