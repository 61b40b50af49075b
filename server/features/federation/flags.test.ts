import { beforeAll, describe, expect, it } from 'vitest';
import { caseListSchema, type CaseDetail } from '@common/moderation/moderation';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUpVerified, type TestServer } from '../../test/server';
import { postStory } from '../stories/test-support';
import { fileReport, readCase, resolve } from '../moderation/test-support';
import { FEDERATING, eventually, handleOf, hostOf } from './test-support';
import { INSTANCE_ACTOR } from './instance-actor';
import { federationOf } from './of-context';

/**
 * Reports (ActivityPub Flag) between two Drabble instances on loopback: B's admin reports A's
 * writer to A, and B's instance actor flags A's things directly, as Mastodon's would.
 */
describe.each(testDialects())('reports between two instances on %s', (dialect) => {
  const a = useTestServer(dialect, {
    env: FEDERATING,
    people: { owner: { admin: true, name: 'Owner Of A' }, writer: { verified: true, name: 'Wren Writer' }, reader: { verified: true, name: 'Rae Reader' } },
  });
  const b = useTestServer(dialect, { env: FEDERATING, people: { admin: { admin: true, name: 'Owner Of B' }, member: { verified: true, name: 'Mo Member' } } });
  const off = useTestServer(dialect, { env: { FEDERATION: 'off', SIGNUP_RATE_LIMIT: '1000' } });
  let writerAddress: string;

  const openCases = async () => {
    const res = await a.owner.client.get('/api/admin/reports?status=open');
    expect(res.status).toBe(200);
    return caseListSchema.parse(res.body).items;
  };
  const caseOn = async (targetType: string, targetId: string) => (await openCases()).find((c) => c.targetType === targetType && c.targetId === targetId);
  const serverReports = (detail: CaseDetail) => detail.reports.filter((r) => r.reporter.kind === 'server');

  /** Sends a Flag from B's instance actor to A's writer's inbox, at once (not through B's queue). */
  async function flagFromB(objects: URL[], content: string) {
    const { Flag, isActor } = await import('@fedify/vocab');
    const fed = federationOf(b.server.ctx)!.fed.context();
    const me = fed.getActorUri(INSTANCE_ACTOR);
    const inboxOwner = await fed.lookupObject(`${a.server.config.publicUrl}/ap/users/${a.writer.uid}`);
    if (!isActor(inboxOwner)) throw new Error('the writer’s actor did not load');
    await fed.sendActivity({ identifier: INSTANCE_ACTOR }, inboxOwner, new Flag({ id: new URL(`${me.href}#flag-${crypto.randomUUID()}`), actor: me, objects, content }), {
      immediate: true,
    });
  }
  /** Until a server's queue has handled everything in it (a message goes once handled; one being handled is still there). */
  const queueEmptied = (server: TestServer, what: string) =>
    eventually(
      async () => Number((await server.ctx.db.selectFrom('fedQueue').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n),
      (n) => n === 0,
      what,
    );
  /** A's inbox answered at once; what it took in is handled from its queue. */
  const handledByA = () => queueEmptied(a.server, 'A to handle what its inbox took in');

  beforeAll(async () => {
    writerAddress = await handleOf(a.server, a.writer);
  });

  it('serves the instance actor as an Application with keys of its own, found by WebFinger', async () => {
    const actorUri = `${b.server.config.publicUrl}/ap/users/${INSTANCE_ACTOR}`;
    const actor = (await (await fetch(actorUri, { headers: { accept: 'application/activity+json' } })).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({ id: actorUri, type: 'Application', preferredUsername: 'localhost', inbox: `${actorUri}/inbox` });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    const keys = await b.server.ctx.db.selectFrom('fedKeys').select('kind').where('uid', '=', INSTANCE_ACTOR).orderBy('kind').execute();
    expect(keys.map((k) => k.kind)).toEqual(['ed25519', 'rsa']);

    const finger = await fetch(`${b.server.url}/.well-known/webfinger?resource=acct:localhost@${hostOf(b.server)}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { links: { rel: string; type?: string; href?: string }[] };
    expect(jrd.links.find((l) => l.rel === 'self')?.href).toBe(actorUri);
  });

  it('turns an admin’s report on B into a report from B’s server in A’s queue, once per server, and logs it on B', async () => {
    const sent = await b.admin.client.post('/api/admin/federation/reports', { account: writerAddress, reason: 'Posts spam links in every story.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ handle: writerAddress, domain: 'localhost' });

    const found = await eventually(() => caseOn('profile', a.writer.uid), (c) => c !== undefined, 'the report to reach A’s queue');
    const detail = await readCase(a.owner, found!.id);
    expect(detail.reportsCount).toBe(1);
    expect(detail.target).toMatchObject({ uid: a.writer.uid, name: 'Wren Writer' });
    expect(detail.reports).toEqual([
      expect.objectContaining({
        reporter: { kind: 'server', name: `@localhost@${hostOf(b.server)}`, server: hostOf(b.server), actor: `${b.server.config.publicUrl}/ap/users/${INSTANCE_ACTOR}` },
        category: 'other',
        note: 'Posts spam links in every story.',
      }),
    ]);
    expect(detail.categories).toEqual({ other: 1 });

    const log = await b.server.ctx.db.selectFrom('adminLogs').select(['action', 'target', 'user']).where('action', '=', 'federation_report_sent').execute();
    expect(log).toEqual([{ action: 'federation_report_sent', target: `remoteActors/${a.server.config.publicUrl}/ap/users/${a.writer.uid}`, user: expect.stringContaining(b.admin.uid) }]);

    // Again, by the account's URI: B's server already reported them, so A's case still counts one.
    const again = await b.admin.client.post('/api/admin/federation/reports', { account: `${a.server.config.publicUrl}/ap/users/${a.writer.uid}`, reason: 'Still at it.' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await queueEmptied(b.server, 'B to deliver the second report');
    await handledByA();
    expect((await readCase(a.owner, found!.id)).reportsCount).toBe(1);
  });

  it('reports each of our things a Flag names once, counted with members’ reports, its text as plain text', async () => {
    const story = await postStory(a.writer.client, { title: 'Buy my pills', content: 'Cheap pills here.', public: true });
    const other = await postStory(a.writer.client, { title: 'Another ad', content: 'More pills.', public: true });
    const hidden = await postStory(a.writer.client, { title: 'Only mine', content: 'Nobody else sees this.', public: false });
    const memberCase = await fileReport(a.server, a.reader, 'story', story.id, 'spam', 'Spam.');
    const storyUri = (id: string) => new URL(`${a.server.config.publicUrl}/ap/stories/${id}`);
    const profileUri = new URL(`${a.server.config.publicUrl}/ap/users/${a.writer.uid}`);
    await flagFromB(
      [
        storyUri(story.id),
        storyUri(story.id),
        storyUri(other.id),
        storyUri(hidden.id),
        storyUri('NoSuchStory12345'),
        profileUri,
        new URL(`${a.server.config.publicUrl}/ap/users/${INSTANCE_ACTOR}`),
        new URL(`${b.server.config.publicUrl}/ap/users/${b.member.uid}`),
      ],
      '<p>Selling <b>pills</b><script>alert(1)</script> &amp; spam</p>',
    );
    await handledByA();

    const storyCase = await readCase(a.owner, memberCase);
    expect(storyCase.reportsCount).toBe(2);
    expect(storyCase.categories).toEqual({ spam: 1, other: 1 });
    expect(storyCase.reports.map((r) => [r.reporter.kind, r.note])).toEqual([
      ['member', 'Spam.'],
      ['server', 'Selling pills & spam'],
    ]);
    const otherCase = await caseOn('story', other.id);
    expect(otherCase?.reportsCount).toBe(1);
    // The profile B reported in the test before: still one report from B's server.
    expect((await caseOn('profile', a.writer.uid))?.reportsCount).toBe(1);
    // What the public cannot see (a private story), and what is not ours or not there, make no report.
    expect(await caseOn('story', hidden.id)).toBeUndefined();
    const serverRows = await a.server.ctx.db.selectFrom('reports').select(['targetType', 'targetId']).where('reporterServer', '=', hostOf(b.server)).orderBy('targetId').execute();
    expect(serverRows).toHaveLength(3);
    expect(new Set(serverRows.map((r) => `${r.targetType}:${r.targetId}`))).toEqual(new Set([`story:${story.id}`, `story:${other.id}`, `profile:${a.writer.uid}`]));

    // Resolving tells the member; the server that reported is not a member to notify.
    const resolved = await resolve(a.owner, memberCase, 'dismissed');
    expect(resolved.status).toBe('resolved');
    expect(serverReports(resolved)).toHaveLength(1);
    const notices = await a.server.ctx.db.selectFrom('notifications').select('to').where('type', '=', 'moderation').execute();
    expect(notices.map((n) => n.to)).toEqual([a.reader.uid]);
  });

  it('ignores a Flag from a blocked domain: no report, nothing remembered', async () => {
    const story = await postStory(a.writer.client, { title: 'Quiet one', content: 'Nothing to see.', public: true });
    const before = await a.server.ctx.db.selectFrom('reports').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    await a.server.ctx.db.insertInto('fedDomains').values({ domain: new URL(b.server.config.publicUrl).hostname, mode: 'block', created_at: new Date().toISOString() }).execute();
    try {
      await flagFromB([new URL(`${a.server.config.publicUrl}/ap/stories/${story.id}`)], 'Blocked servers do not get to report.');
      await handledByA();
      const after = await a.server.ctx.db.selectFrom('reports').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await caseOn('story', story.id)).toBeUndefined();

      // And A's admin cannot send one there either.
      const refused = await a.owner.client.post('/api/admin/federation/reports', { account: `@someone@${hostOf(b.server)}`, reason: 'Spam.' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'domain_blocked' } });
    } finally {
      await a.server.ctx.db.deleteFrom('fedDomains').execute();
    }
  });

  it('lets only admins report an account elsewhere, and refuses unknown accounts, this server’s and bad input', async () => {
    const body = { account: writerAddress, reason: 'Spam.' };
    expect((await b.server.client().post('/api/admin/federation/reports', body)).status).toBe(401);
    expect((await b.member.client.post('/api/admin/federation/reports', body)).status).toBe(403);

    const unknown = await b.admin.client.post('/api/admin/federation/reports', { account: `@nobody_here@${hostOf(a.server)}`, reason: 'Spam.' });
    expect(unknown.status).toBe(404);
    const unknownUri = await b.admin.client.post('/api/admin/federation/reports', { account: `${a.server.config.publicUrl}/ap/users/NoSuchWriter1`, reason: 'Spam.' });
    expect(unknownUri.status).toBe(404);
    const ours = await b.admin.client.post('/api/admin/federation/reports', { account: await handleOf(b.server, b.member), reason: 'Spam.' });
    expect(ours.status).toBe(400);
    expect(ours.body).toMatchObject({ error: { code: 'same_server' } });
    for (const bad of [
      { account: writerAddress },
      { account: writerAddress, reason: '   ' },
      { account: writerAddress, reason: 'x'.repeat(1001) },
      { account: 'nobody', reason: 'Spam.' },
      { account: 'ftp://localhost/a', reason: 'Spam.' },
      { account: writerAddress, reason: 'Spam.', extra: true },
    ]) {
      expect((await b.admin.client.post('/api/admin/federation/reports', bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await b.server.ctx.db.selectFrom('adminLogs').select('action').where('action', '=', 'federation_report_sent').execute()).toHaveLength(2);

    const offAdmin = await signUpVerified(off.server, { email: ADMIN_EMAIL, name: 'Owner Of Off' });
    const refused = await offAdmin.client.post('/api/admin/federation/reports', body);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'federation_off' } });
  });
});
