import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { textLink } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { followSettingsQuery, useSaveFollowSettings } from '../follows';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/** "Approve new followers": while on, a follow becomes a request the writer accepts or declines. */
export function FollowersSection() {
  const settings = useQuery(followSettingsQuery);
  const save = useSaveFollowSettings();
  const on = save.isPending ? save.variables.approveFollowers : settings.data?.approveFollowers === true;

  return (
    <SettingsSection {...SETTINGS_SECTIONS.followers} testId="settings-followers">
      {settings.isError ? (
        <LoadError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <Switch
          label="Approve new followers"
          hint={
            <>
              A follow becomes a request you accept or decline in{' '}
              <Link to="/friends?tab=requests" className={textLink}>
                Friends
              </Link>
              . Declining is silent. People already following you stay.
            </>
          }
          on={on}
          disabled={save.isPending}
          onChange={(approveFollowers) => save.mutate({ approveFollowers })}
          testId="approve-followers"
        />
      ) : undefined}
    </SettingsSection>
  );
}
