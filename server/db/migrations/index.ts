import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';
import * as featureRequests from './0002_feature_requests';
import * as stories from './0003_stories';
import * as accounts from './0004_accounts';
import * as eventOutbox from './0005_event_outbox';
import * as adminAndConversations from './0006_admin_and_conversations';
import * as adminPanel from './0007_admin_panel';
import * as social from './0008_social';
import * as messagesAndNotifications from './0009_messages_and_notifications';
import * as storyPreview from './0010_story_preview';
import * as safetyAndData from './0011_safety_and_data';
import * as writingHabits from './0012_writing_habits';
import * as moderationOutcomes from './0013_moderation_outcomes';
import * as tutorialSeen from './0014_tutorial_seen';
import * as importFingerprints from './0015_import_fingerprints';
import * as backups from './0016_backups';
import * as emailQueue from './0017_email_queue';
import * as fastSearchDocument from './0019_fast_search_document';
import * as registration from './0020_registration';
import * as wordCounts from './0021_word_counts';
import * as contentWarnings from './0022_content_warnings';
import * as tags from './0023_tags';
import * as contests from './0024_contests';
import * as tagsAtScale from './0025_tags_at_scale';
import * as pushSubscriptions from './0026_push_subscriptions';
import * as contestPendingWords from './0027_contest_pending_words';
import * as handles from './0028_handles';
import * as federation from './0029_federation';
import * as remoteAvatars from './0030_remote_avatars';
import * as federatedReports from './0031_federated_reports';
import * as fediverseReplies from './0032_fediverse_replies';
import * as series from './0033_series';
import * as readingLists from './0034_reading_lists';
import * as scheduledPublishing from './0035_scheduled_publishing';
import * as weeklyDigest from './0036_weekly_digest';
import * as anthologies from './0037_anthologies';

/** Every migration, in order. Written once with Kysely's schema builder for both databases. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_feature_requests': featureRequests,
  '0003_stories': stories,
  '0004_accounts': accounts,
  '0005_event_outbox': eventOutbox,
  '0006_admin_and_conversations': adminAndConversations,
  '0007_admin_panel': adminPanel,
  '0008_social': social,
  '0009_messages_and_notifications': messagesAndNotifications,
  '0010_story_preview': storyPreview,
  '0011_safety_and_data': safetyAndData,
  '0012_writing_habits': writingHabits,
  '0013_moderation_outcomes': moderationOutcomes,
  '0014_tutorial_seen': tutorialSeen,
  '0015_import_fingerprints': importFingerprints,
  '0016_backups': backups,
  '0017_email_queue': emailQueue,
  '0019_fast_search_document': fastSearchDocument,
  '0020_registration': registration,
  '0021_word_counts': wordCounts,
  '0022_content_warnings': contentWarnings,
  '0023_tags': tags,
  '0024_contests': contests,
  '0025_tags_at_scale': tagsAtScale,
  '0026_push_subscriptions': pushSubscriptions,
  '0027_contest_pending_words': contestPendingWords,
  '0028_handles': handles,
  '0029_federation': federation,
  '0030_remote_avatars': remoteAvatars,
  '0031_federated_reports': federatedReports,
  '0032_fediverse_replies': fediverseReplies,
  '0033_series': series,
  '0034_reading_lists': readingLists,
  '0035_scheduled_publishing': scheduledPublishing,
  '0036_weekly_digest': weeklyDigest,
  '0037_anthologies': anthologies,
};

/** The newest migration's name: the schema version a backup made now records. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
