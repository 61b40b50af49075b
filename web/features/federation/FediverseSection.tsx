import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FEDERATION_TEXTS, FEDIVERSE_REPLY_MODES, fediverseHandleSchema, type FediverseReplyMode, type RemoteAccount } from '@common/federation/federation';
import { Avatar } from '../../components/Avatar';
import { ErrorText } from '../../components/ErrorText';
import { LoadError } from '../../components/LoadError';
import { RadioChoices } from '../../components/RadioChoices';
import { Switch } from '../../components/Switch';
import { card, inputField, primaryButton, secondaryButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import {
  federationSettingsQuery,
  remoteFollowersQuery,
  remoteFollowingQuery,
  useFollowRemote,
  useRemoveRemoteFollower,
  remoteBlocksQuery,
  useBlockRemote,
  useUnblockRemote,
  useSaveFederationSettings,
  useUnfollowRemote,
} from './api';

const smallButton = `${secondaryButton} px-3 py-1.5`;

interface AccountAction {
  label: string;
  pending: boolean;
  run: () => void;
}

/** One account on another server: its name, its address, and what may be done about it. */
function AccountRow({ account, note, actions }: { account: RemoteAccount; note?: string; actions: AccountAction[] }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="remote-account">
      {/* Our own copy of their picture (the server never links to theirs), else their initial. */}
      <Avatar person={{ name: account.name, profileImage: account.iconUrl }} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{account.name}</p>
        <p className="truncate text-sm text-muted">
          {account.url ? (
            <a href={account.url} rel="nofollow noopener noreferrer" target="_blank" className="hover:underline">
              {account.handle}
            </a>
          ) : (
            account.handle
          )}
          {note && <span> · {note}</span>}
        </p>
      </div>
      {actions.map((action) => (
        <button key={action.label} type="button" className={smallButton} disabled={action.pending} onClick={action.run}>
          {action.label}
        </button>
      ))}
    </li>
  );
}

function FollowForm() {
  const inputId = useId();
  const follow = useFollowRemote();
  const form = useSchemaForm(fediverseHandleSchema, {
    initial: { handle: '' },
    input: ({ handle }) => handle,
    refusal: FEDERATION_TEXTS.badHandle,
    soleField: 'handle',
    clearOnEdit: false,
    onSubmit: (handle) => follow.mutate(handle, { onSuccess: () => form.setValue('handle', '') }),
  });
  return (
    <form onSubmit={form.submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Fediverse address to follow
        </label>
        <input
          id={inputId}
          className={inputField}
          {...form.field('handle')}
          placeholder={FEDERATION_TEXTS.followPlaceholder}
          autoComplete="off"
          spellCheck={false}
          data-testid="remote-follow-input"
        />
        {form.error && (
          <ErrorText id={form.errorId} className="mt-1">
            {form.error}
          </ErrorText>
        )}
      </div>
      <button type="submit" className={primaryButton} disabled={follow.isPending} data-testid="remote-follow-submit">
        {FEDERATION_TEXTS.follow}
      </button>
    </form>
  );
}

/** /settings, Fediverse: the writer's address, sharing, replies, and who follows them (or whom they follow) on other servers. */
export function FediverseSection() {
  const headingId = useId();
  const settings = useQuery(federationSettingsQuery);
  const followers = useQuery({ ...remoteFollowersQuery, enabled: settings.data?.enabled === true });
  const following = useQuery({ ...remoteFollowingQuery, enabled: settings.data?.enabled === true });
  const save = useSaveFederationSettings();
  const remove = useRemoveRemoteFollower();
  const unfollow = useUnfollowRemote();
  const blocks = useQuery({ ...remoteBlocksQuery, enabled: settings.data?.enabled === true });
  const block = useBlockRemote();
  const unblock = useUnblockRemote();
  const shown = settings.data && save.isPending ? { ...settings.data, ...save.variables } : settings.data;

  return (
    <section id="fediverse" aria-labelledby={headingId} className={`${card} min-w-0 scroll-mt-20`} data-testid="settings-fediverse">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        Fediverse
      </h2>
      <div className="mt-4">
        {settings.isError ? (
          <LoadError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        ) : !shown ? (
          <div className="h-10 animate-pulse rounded-md bg-subtle" aria-hidden />
        ) : !shown.enabled ? (
          <p className="text-sm text-muted">{FEDERATION_TEXTS.off}</p>
        ) : (
          <div className="space-y-6">
            <div>
              <p className="font-medium text-fg">{FEDERATION_TEXTS.addressLabel}</p>
              <p className="mt-0.5 text-sm break-all text-muted" data-testid="fediverse-address">
                {shown.address}
              </p>
            </div>
            <Switch
              label={FEDERATION_TEXTS.shareLabel}
              hint={FEDERATION_TEXTS.shareHelp}
              on={shown.federate}
              disabled={save.isPending}
              onChange={(federate) => save.mutate({ federate })}
              testId="fediverse-share"
            />
            <RadioChoices<FediverseReplyMode>
              legend={FEDERATION_TEXTS.repliesLabel}
              options={FEDIVERSE_REPLY_MODES.map((mode) => ({ value: mode, label: FEDERATION_TEXTS.replyModes[mode] }))}
              value={shown.replies}
              onChange={(replies) => save.mutate({ replies })}
              optionTestId={(mode) => `fediverse-replies-${mode}`}
            />
            <div>
              <h3 className="font-semibold text-fg">{FEDERATION_TEXTS.followersHeading}</h3>
              {followers.isError ? (
                <LoadError message={errorMessage(followers.error)} onRetry={() => void followers.refetch()} />
              ) : followers.data?.followers.length === 0 ? (
                <p className="mt-1 text-sm text-muted">{FEDERATION_TEXTS.noFollowers}</p>
              ) : (
                <ul className="mt-1 divide-y divide-line" data-testid="remote-followers">
                  {followers.data?.followers.map((account) => (
                    <AccountRow
                      key={account.id}
                      account={account}
                      actions={[
                        { label: FEDERATION_TEXTS.removeFollower, pending: remove.isPending, run: () => remove.mutate(account.id) },
                        { label: FEDERATION_TEXTS.block, pending: block.isPending, run: () => block.mutate(account.id) },
                      ]}
                    />
                  ))}
                </ul>
              )}
            </div>
            <div className="space-y-2">
              <h3 className="font-semibold text-fg">{FEDERATION_TEXTS.followingHeading}</h3>
              <FollowForm />
              {following.isError ? (
                <LoadError message={errorMessage(following.error)} onRetry={() => void following.refetch()} />
              ) : (
                <ul className="divide-y divide-line" data-testid="remote-following">
                  {following.data?.following.map((account) => (
                    <AccountRow
                      key={account.id}
                      account={account}
                      note={account.state === 'pending' ? FEDERATION_TEXTS.pending : undefined}
                      actions={[{ label: FEDERATION_TEXTS.unfollow, pending: unfollow.isPending, run: () => unfollow.mutate(account.id) }]}
                    />
                  ))}
                </ul>
              )}
            </div>
            {blocks.isError ? (
              <LoadError message={errorMessage(blocks.error)} onRetry={() => void blocks.refetch()} />
            ) : (
              blocks.data &&
              blocks.data.blocked.length > 0 && (
                <div>
                  <h3 className="font-semibold text-fg">{FEDERATION_TEXTS.blockedHeading}</h3>
                  <p className="mt-0.5 text-sm text-muted">{FEDERATION_TEXTS.blockedHelp}</p>
                  <ul className="mt-1 divide-y divide-line" data-testid="remote-blocks">
                    {blocks.data.blocked.map((account) => (
                      <AccountRow key={account.id} account={account} actions={[{ label: FEDERATION_TEXTS.unblock, pending: unblock.isPending, run: () => unblock.mutate(account.id) }]} />
                    ))}
                  </ul>
                </div>
              )
            )}
          </div>
        )}
      </div>
    </section>
  );
}
