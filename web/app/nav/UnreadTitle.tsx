import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { stripTitleCount, titleCount, titleWithCount } from '@common/notifications/texts';
import { unreadCountQuery, unreadNotificationsQuery } from '../../lib/unread-counts';

/**
 * The tab's title with the unread count: "(3) Drabble", notifications and unread
 * conversations together. Screens set their own titles with <title> (React puts them in
 * <head>); this watches <head> and puts the count in front of whatever title is there, so a
 * screen's title stays the base and the count follows both.
 */
export function UnreadTitle() {
  const notifications = useQuery(unreadNotificationsQuery).data?.unread;
  const conversations = useQuery(unreadCountQuery).data;
  const count = titleCount(notifications, conversations);

  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(stripTitleCount(document.title), count);
      // Only when it differs: setting it triggers the observer again.
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = stripTitleCount(document.title);
    };
  }, [count]);

  return null;
}
