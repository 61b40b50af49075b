import { type MessagingSettings, messagingSettingsUpdateSchema } from '@common/messages/messages';
import type { z } from 'zod';
import type { ServerContext } from '../../context';
import { fromDbBool, toDbBool } from '../../db/bool';
import { notFound } from '../../http/errors';
import { USER_NOT_FOUND } from '../../policy/profiles';
import type { SignedInViewer } from '../../policy/viewer';
import { asWhoCanMessage } from './safety';

/** GET /api/me/messaging-settings: who may message the viewer, and their "Seen" and "typing…" switches. */
export async function readMessagingSettings(ctx: ServerContext, viewer: SignedInViewer): Promise<MessagingSettings> {
  const row = await ctx.db.selectFrom('users').select(['whoCanMessage', 'readReceipts', 'typingIndicator']).where('uid', '=', viewer.uid).executeTakeFirst();
  if (!row) throw notFound(USER_NOT_FOUND);
  return { whoCanMessage: asWhoCanMessage(row.whoCanMessage), readReceipts: fromDbBool(row.readReceipts), typingIndicator: fromDbBool(row.typingIndicator) };
}

/**
 * PATCH /api/me/messaging-settings. Existing conversations are not touched: one already
 * accepted stays usable whatever "who can message me" says now (only a block stops it).
 */
export async function updateMessagingSettings(ctx: ServerContext, viewer: SignedInViewer, update: z.infer<typeof messagingSettingsUpdateSchema>): Promise<MessagingSettings> {
  await ctx.db
    .updateTable('users')
    .set({
      ...(update.whoCanMessage !== undefined ? { whoCanMessage: update.whoCanMessage } : {}),
      ...(update.readReceipts !== undefined ? { readReceipts: toDbBool(update.readReceipts) } : {}),
      ...(update.typingIndicator !== undefined ? { typingIndicator: toDbBool(update.typingIndicator) } : {}),
    })
    .where('uid', '=', viewer.uid)
    .execute();
  return readMessagingSettings(ctx, viewer);
}
