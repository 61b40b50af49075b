import { z } from 'zod';
import { HANDLE_PATTERN, handleLookupSchema, handleUpdateSchema, normalizeHandleInput } from './handle';
import { USER_NOT_FOUND } from '../profile/profile';
import { meResponseSchema } from '../me/user';
import { defineRoute } from '../contracts/define';

/** Where the handles router is mounted (server/app.ts): its routes sit under /api/handles and /api/me. */
export const HANDLES_BASE = '/api';

/** A handle in a path, in any case and with or without its `@`; one that cannot be a handle names no one (404). */
const handleParamsSchema = z.object({ handle: z.string().transform(normalizeHandleInput).pipe(z.string().regex(HANDLE_PATTERN, USER_NOT_FOUND)) });

/** Handles (common/handles/handle.ts, docs/decisions/0064-handles.md). */
export const handleContracts = {
  /**
   * Open to guests: the writer a handle names (an old handle of theirs too) and their handle
   * now. 404 `not_found` ("User not found") for a handle nobody holds and wherever the profile
   * itself would be missing (a suspended, deactivated or deleted account; a writer who blocks the asker).
   */
  lookup: defineRoute({ access: 'guest', method: 'GET', path: '/api/handles/:handle', params: handleParamsSchema, response: handleLookupSchema }),
  /**
   * The signed-in writer's new handle: 400 `validation_failed` for one the rule refuses (the
   * rule's sentence), 409 `handle_taken` for one someone else holds, now or as an old handle.
   * Their old handle then leads to them for good; their own old handle they may take back.
   */
  change: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/handle', body: handleUpdateSchema, response: meResponseSchema }),
};

/** The code of the 409 for a handle someone else holds. */
export const HANDLE_TAKEN = 'handle_taken';
