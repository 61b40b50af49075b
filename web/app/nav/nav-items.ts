/** The signed-in links of the top bar (spec section 2), in order. */
export const NAV_LINKS = [
  { to: '/stories', label: 'My Stories' },
  { to: '/community', label: 'Community' },
  { to: '/contest', label: 'Contest' },
  { to: '/favorites', label: 'Favorites' },
  { to: '/feed', label: 'Feed' },
  { to: '/friends', label: 'Friends' },
  { to: '/messages', label: 'Messages' },
] as const;
