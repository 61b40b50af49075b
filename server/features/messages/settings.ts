import { type MessagingSettings, messagingSettingsUpdateSchema } from '@common/messages/messages';
import type { z } from 'zod';
import type { ServerContext } from '../../context';
import { fromDbBool } from '../../db/bool';
import { notFound } from '../../http/errors';
import { USER_NOT_FOUND } from '../../policy/profiles';
import type { SignedInViewer } from '../../policy/viewer';
import { asWhoCanMessage } from './safety';
import { messagingSettingsOf, setMessagingSettings } from './queries';

/** GET /api/me/messaging-settings: who may message the viewer, and their "Seen" and "typing…" switches. */
export async function readMessagingSettings(ctx: ServerContext, viewer: SignedInViewer): Promise<MessagingSettings> {
  const row = await messagingSettingsOf(ctx.db, viewer.uid);
  if (!row) throw notFound(USER_NOT_FOUND);
  return { whoCanMessage: asWhoCanMessage(row.whoCanMessage), readReceipts: fromDbBool(row.readReceipts), typingIndicator: fromDbBool(row.typingIndicator) };
}

/**
 * PATCH /api/me/messaging-settings. Existing conversations are not touched: one already
 * accepted stays usable whatever "who can message me" says now (only a block stops it).
 */
export async function updateMessagingSettings(ctx: ServerContext, viewer: SignedInViewer, update: z.infer<typeof messagingSettingsUpdateSchema>): Promise<MessagingSettings> {
  await setMessagingSettings(ctx.db, viewer.uid, update);
  return readMessagingSettings(ctx, viewer);
}
