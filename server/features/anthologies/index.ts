/** The anthologies feature's public entry: what the Atom feeds, the weekly digest, reports and moderation build on. */
export { anthologyForReport, anthologyReportText, anthologyTitle, anthologyTextNow, guestAnthology, removeAnthologyByModerators } from './service';
export { newStoriesForMember as newAnthologyStories } from './queries';
