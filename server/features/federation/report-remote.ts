import type { z } from 'zod';
import { Flag, isActor } from '@fedify/vocab';
import { FEDERATION_TEXTS, type RemoteReportSent, type remoteReportSchema } from '@common/federation/federation';
import type { ServerContext, SessionUser } from '../../context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { INSTANCE_ACTOR } from './instance-actor';
import { lookupActor, serviceOf } from './members';
import { domainPolicy } from './queries';
import { rememberActor } from './remote-actors';

/*
 * Reports (ActivityPub `Flag`) that go out: an admin reports an account elsewhere to its server,
 * as this site (the instance actor), as Mastodon does. Incoming ones are flags.ts.
 */

const blockedDomain = () => new AppError(403, 'domain_blocked', FEDERATION_TEXTS.blockedDomain);

/**
 * An admin reports an account on another server to that server: looked up (by its address over
 * WebFinger, or by its URI), then a Flag with the reason, from the instance actor, to it. Refused
 * when federation is off (404), for an account here (400), on a blocked domain (403), or when
 * nothing is found (404). Recorded in the audit log (the account, not the reason).
 */
export async function reportRemoteAccount(ctx: ServerContext, admin: SessionUser, input: z.output<typeof remoteReportSchema>): Promise<RemoteReportSent> {
  const service = serviceOf(ctx);
  const here = new URL(ctx.config.publicUrl);
  const byAddress = input.account.startsWith('@');
  const host = (byAddress ? input.account.slice(input.account.lastIndexOf('@') + 1) : new URL(input.account).host).toLowerCase();
  if (host === here.host.toLowerCase()) throw badRequest(FEDERATION_TEXTS.reportSelf, 'same_server');
  if ((await domainPolicy(ctx.db, host.replace(/:\d+$/, ''))) === 'block') throw blockedDomain();
  const fed = service.fed.context();
  const found = byAddress
    ? await lookupActor(fed, input.account, ctx.config.federation.allowPrivateAddresses)
    : await fed.lookupObject(input.account).catch(() => null);
  if (!found || !isActor(found) || !found.id) throw notFound(FEDERATION_TEXTS.notFound);
  // An address's WebFinger may name an account on yet another server.
  if (found.id.origin === here.origin) throw badRequest(FEDERATION_TEXTS.reportSelf, 'same_server');
  if ((await domainPolicy(ctx.db, found.id.hostname)) === 'block') throw blockedDomain();
  const account = await rememberActor(ctx.db, fed, found);
  if (!account) throw notFound(FEDERATION_TEXTS.notFound);
  const me = fed.getActorUri(INSTANCE_ACTOR);
  await fed.sendActivity(
    { identifier: INSTANCE_ACTOR },
    found,
    new Flag({ id: new URL(`${me.href}#flag-${crypto.randomUUID()}`), actor: me, object: found.id, content: input.reason }),
  );
  await insertAdminLog(ctx.db, { admin: logUserOf(admin), action: 'federation_report_sent', target: `remoteActors/${account.uri}`, details: { handle: account.handle } });
  return { handle: account.handle, domain: account.domain };
}
