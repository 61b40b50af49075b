import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { focusRing, textLink } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { followSettingsQuery, useSaveFollowSettings } from '../social';
import { SettingsSection } from './SettingsSection';

/** "Approve new followers": while on, a follow becomes a request the writer accepts or declines. */
export function FollowersSection() {
  const settings = useQuery(followSettingsQuery);
  const save = useSaveFollowSettings();
  const labelId = useId();
  const hintId = useId();
  const on = save.isPending ? save.variables.approveFollowers : settings.data?.approveFollowers === true;

  return (
    <SettingsSection title="Followers" testId="settings-followers">
      {settings.isError ? (
        <LoadError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p id={labelId} className="font-medium text-fg">
              Approve new followers
            </p>
            <p id={hintId} className="mt-0.5 text-sm text-muted">
              A follow becomes a request you accept or decline in{' '}
              <Link to="/friends?tab=requests" className={textLink}>
                Friends
              </Link>
              . Declining is silent. People already following you stay.
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            disabled={save.isPending}
            onClick={() => save.mutate({ approveFollowers: !on })}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${focusRing} ${
              on ? 'bg-accent-700' : 'bg-line'
            }`}
            data-testid="approve-followers"
          >
            <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
          </button>
        </div>
      ) : undefined}
    </SettingsSection>
  );
}
