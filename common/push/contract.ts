import { z } from 'zod';
import { PUSH_TEXTS, pushSubscribedSchema, pushSubscribeSchema, pushSubscriptionListSchema } from './push';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the push router is mounted (server/app.ts). */
export const PUSH_BASE = '/api/me/push-subscriptions';

const deviceParamsSchema = z.object({ id: recordId(PUSH_TEXTS.notFound) });

/** /api/me/push-subscriptions: the devices the signed-in writer receives push notifications on (common/push/push.ts). */
export const pushContracts = {
  /** The devices, with this site's VAPID public key. */
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/push-subscriptions', response: pushSubscriptionListSchema }),
  /** The same endpoint again from its account replaces its row; from another account, 409 `endpoint_taken`. */
  subscribe: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/me/push-subscriptions', body: pushSubscribeSchema, response: pushSubscribedSchema, status: 201 }),
  /** "Remove" in Settings: 404 for a device that is not the writer's. */
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/me/push-subscriptions/:id', params: deviceParamsSchema, response: z.undefined(), status: 204 }),
};
