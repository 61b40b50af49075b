import { AtSign, Link2, MapPin } from 'lucide-react';
import { HANDLE_KINDS, HANDLE_LABELS, socialUrl, type HandleKind } from '@common/profile/profile';
import { focusRing } from '../../components/ui';

const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;
const link = `rounded-sm font-medium text-accent-ink underline-offset-2 hover:underline ${focusRing}`;

/** The address without its scheme or a trailing slash, for display. */
export function websiteLabel(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** How a handle is written on its network: @ada, u/ada. */
export function handleLabel(kind: HandleKind, handle: string): string {
  return kind === 'reddit' ? `u/${handle}` : `@${handle}`;
}

/** Only http(s) addresses ever become links (the server stores no other kind; this is a second lock). */
export function WebsiteLink({ website }: { website: string }) {
  if (!/^https?:\/\//i.test(website)) return <span>{website}</span>;
  return (
    <a href={website} {...external} className={`${link} break-all`} data-testid="website-link">
      {websiteLabel(website)}
    </a>
  );
}

export function SocialLink({ kind, handle }: { kind: HandleKind; handle: string }) {
  return (
    <a href={socialUrl(kind, handle)} {...external} className={link} data-testid={`social-${kind}`}>
      <span className="sr-only">{HANDLE_LABELS[kind]}: </span>
      {handleLabel(kind, handle)}
    </a>
  );
}

interface Whereabouts {
  location: string;
  website: string;
  bluesky: string;
  xcom: string;
  reddit: string;
}

/** Location, website and social links as a wrapping row; `socials` off shows only the first two. */
export function ProfileLinks({ person, socials = true, className = '' }: { person: Whereabouts; socials?: boolean; className?: string }) {
  const handles = socials ? HANDLE_KINDS.filter((kind) => person[kind]) : [];
  if (!person.location && !person.website && handles.length === 0) return null;
  return (
    <ul className={`flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-muted ${className}`} data-testid="profile-links">
      {person.location && (
        <li className="inline-flex min-w-0 items-center gap-1.5" data-testid="profile-location">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">Location: </span>
          <span className="break-words">{person.location}</span>
        </li>
      )}
      {person.website && (
        <li className="inline-flex min-w-0 items-center gap-1.5">
          <Link2 aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">Website: </span>
          <WebsiteLink website={person.website} />
        </li>
      )}
      {handles.map((kind) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <AtSign aria-hidden className="size-4 shrink-0" />
          <span aria-hidden className="text-xs font-semibold">
            {HANDLE_LABELS[kind]}
          </span>
          <SocialLink kind={kind} handle={person[kind]} />
        </li>
      ))}
    </ul>
  );
}
