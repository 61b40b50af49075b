/** The badges feature's public entry: the section the profile screens show. */
export { BadgesSection } from './BadgesSection';
