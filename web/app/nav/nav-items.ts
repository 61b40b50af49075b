/** The signed-in links of the top bar (spec section 2), in order. */
export const NAV_LINKS = [
  { to: '/stories', label: 'My Stories' },
  { to: '/community', label: 'Community' },
  { to: '/contest', label: 'Contest' },
  { to: '/favorites', label: 'Favorites' },
  { to: '/lists', label: 'Reading lists' },
  { to: '/feed', label: 'Feed' },
  { to: '/friends', label: 'Friends' },
  { to: '/messages', label: 'Messages' },
] as const;

/**
 * The links of someone waiting for approval: only the screens a guest may read too,
 * the only ones the server answers for them meanwhile (server/features/registration/gate.ts).
 */
export const WAITING_NAV_LINKS = NAV_LINKS.filter((link) => link.to === '/community' || link.to === '/contest');
