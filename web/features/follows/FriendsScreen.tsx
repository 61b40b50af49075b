import { useId, useRef, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { focusRing } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { followSettingsQuery } from './api';
import { FindWriters } from './FindWriters';
import { FollowersTab, FollowingTab, FriendsTab, RequestsTab } from './tabs';

const TABS = [
  { id: 'friends', label: 'Friends' },
  { id: 'following', label: 'Following' },
  { id: 'followers', label: 'Followers' },
  { id: 'requests', label: 'Requests' },
  { id: 'find', label: 'Find writers' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

function TabPanel({ tab, uid }: { tab: TabId; uid: string }) {
  switch (tab) {
    case 'friends':
      return <FriendsTab />;
    case 'following':
      return <FollowingTab uid={uid} />;
    case 'followers':
      return <FollowersTab uid={uid} />;
    case 'requests':
      return <RequestsTab />;
    case 'find':
      return <FindWriters />;
  }
}

/**
 * /friends: friends (mutual follows), who I follow, my followers, follow requests (only while
 * I approve new followers) and finding writers. The tab is in the address, for reloads.
 */
export function FriendsScreen() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const settings = useQuery(followSettingsQuery);
  const baseId = useId();
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  const requested = params.get('tab');
  const tabs = TABS.filter((tab) => tab.id !== 'requests' || settings.data?.approveFollowers === true || requested === 'requests');
  const active: TabId = isTab(requested) && tabs.some((tab) => tab.id === requested) ? requested : 'friends';
  const select = (tab: TabId) => setParams(tab === 'friends' ? {} : { tab }, { replace: true });

  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = step ? tabs[(index + step + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs.at(-1) : undefined;
    if (!target) return;
    event.preventDefault();
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  if (!user) return null;
  return (
    <section aria-labelledby="screen-heading" className="mx-auto w-full max-w-3xl min-w-0">
      <title>Friends · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Friends
      </h1>
      <p className="mt-1 text-muted">Writers you follow and who follow you. Follow each other to become friends.</p>
      <div role="tablist" aria-label="Friends lists" onKeyDown={onKeyDown} className="-mx-1 mt-6 flex gap-1 overflow-x-auto border-b border-line px-1" data-testid="friends-tabs">
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              className={`-mb-px shrink-0 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${focusRing} ${
                selected ? 'border-accent-600 text-accent-ink' : 'border-transparent text-muted hover:text-fg'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${active}-tab`} className="mt-6" data-testid={`friends-panel-${active}`}>
        <TabPanel tab={active} uid={user.uid} />
      </div>
    </section>
  );
}
