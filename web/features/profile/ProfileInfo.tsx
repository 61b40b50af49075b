import { useState } from 'react';
import {
  ABOUT_ME_HINT,
  ABOUT_ME_MAX,
  aboutMeSchema,
  handleSchema,
  HANDLE_KINDS,
  HANDLE_LABELS,
  locationSchema,
  PRONOUNS_HINT,
  PRONOUNS_MAX,
  pronounsSchema,
  textLength,
  websiteSchema,
  type DetailsUpdate,
} from '@common/profile/profile';
import type { UserRecord } from '@common/me/user';
import { card } from '../../components/ui';
import { useSaveAboutMe, useSaveDetails, useSavePronouns } from './api';
import { EditableSection, SavedValue, TextField } from './fields';
import { SocialLink, WebsiteLink } from './links';

/** A single text value: the draft is thrown away on Cancel, kept on a failed Save. */
function useDraft(saved: string) {
  const [draft, setDraft] = useState<string | null>(null);
  return { editing: draft !== null, value: draft ?? saved, set: setDraft, start: () => setDraft(saved), stop: () => setDraft(null) };
}

interface TextSectionProps {
  value: string;
  /** Resolves once saved; rejects (after its own toast) when not. */
  save: (value: string) => Promise<unknown>;
  saving: boolean;
}

export function PronounsSection({ value, save, saving }: TextSectionProps) {
  const draft = useDraft(value);
  const valid = textLength(draft.value) <= PRONOUNS_MAX && pronounsSchema.safeParse(draft.value).success;
  return (
    <EditableSection
      title="Pronouns"
      testId="pronouns-section"
      editing={draft.editing}
      onEdit={draft.start}
      onCancel={draft.stop}
      onSave={() => void save(pronounsSchema.parse(draft.value)).then(draft.stop, () => undefined)}
      saveDisabled={!valid}
      saving={saving}
      view={<SavedValue value={value} testId="pronouns-value" />}
    >
      <TextField label="Pronouns" value={draft.value} onChange={draft.set} max={PRONOUNS_MAX} hint={PRONOUNS_HINT} placeholder="e.g. she/her" autoFocus hideLabel testId="pronouns-input" />
    </EditableSection>
  );
}

export function AboutMeSection({ value, save, saving }: TextSectionProps) {
  const draft = useDraft(value);
  const valid = textLength(draft.value) <= ABOUT_ME_MAX && aboutMeSchema.safeParse(draft.value).success;
  return (
    <EditableSection
      title="About Me"
      testId="about-section"
      editing={draft.editing}
      onEdit={draft.start}
      onCancel={draft.stop}
      onSave={() => void save(aboutMeSchema.parse(draft.value)).then(draft.stop, () => undefined)}
      saveDisabled={!valid}
      saving={saving}
      view={<SavedValue value={value} multiline testId="about-value" />}
    >
      <TextField label="About Me" value={draft.value} onChange={draft.set} max={ABOUT_ME_MAX} hint={ABOUT_ME_HINT} multiline autoFocus hideLabel testId="about-input" />
    </EditableSection>
  );
}

type Details = Required<DetailsUpdate>;
const DETAIL_FIELDS = ['location', 'website', ...HANDLE_KINDS] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

const detailSchemas = {
  location: locationSchema,
  website: websiteSchema,
  bluesky: handleSchema('bluesky'),
  xcom: handleSchema('xcom'),
  reddit: handleSchema('reddit'),
};

const DETAIL_INPUTS: Record<DetailField, { label: string; placeholder: string; hint?: string; inputMode?: 'url' }> = {
  location: { label: 'Location', placeholder: 'e.g. Lyon, France' },
  website: { label: 'Website', placeholder: 'example.com', hint: 'https:// is added when you leave it out.', inputMode: 'url' },
  bluesky: { label: HANDLE_LABELS.bluesky, placeholder: '@name.bsky.social' },
  xcom: { label: HANDLE_LABELS.xcom, placeholder: '@name' },
  reddit: { label: HANDLE_LABELS.reddit, placeholder: 'u/name' },
};

/** The first problem the shared rules find with a field's draft, or null. */
function problemOf(field: DetailField, value: string): string | null {
  const result = detailSchemas[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check this field.');
}

function pickDetails(user: UserRecord): Details {
  return { location: user.location, website: user.website, bluesky: user.bluesky, xcom: user.xcom, reddit: user.reddit };
}

/** Location, Website, Bluesky, X and Reddit, saved together. */
export function ExtendedProfileSection({ user }: { user: UserRecord }) {
  const saved = pickDetails(user);
  const [draft, setDraft] = useState<Details | null>(null);
  const [touched, setTouched] = useState<Set<DetailField>>(new Set());
  const mutation = useSaveDetails();
  const values = draft ?? saved;
  const problems = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, problemOf(field, values[field])])) as Record<DetailField, string | null>;
  const stop = () => {
    setDraft(null);
    setTouched(new Set());
  };
  const save = () => {
    const body = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, detailSchemas[field].parse(values[field])])) as Details;
    mutation.mutate(body, { onSuccess: stop });
  };
  return (
    <EditableSection
      title="Extended Profile"
      testId="details-section"
      editing={draft !== null}
      onEdit={() => setDraft(saved)}
      onCancel={stop}
      onSave={save}
      saveDisabled={DETAIL_FIELDS.some((field) => problems[field] !== null)}
      saving={mutation.isPending}
      view={
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="details-view">
          {DETAIL_FIELDS.map((field) => (
            <div key={field} className="contents">
              <dt className="font-medium text-muted">{DETAIL_INPUTS[field].label}</dt>
              <dd className="min-w-0 break-words text-fg" data-testid={`details-${field}`}>
                {!saved[field] ? (
                  <span className="text-muted italic">Not set</span>
                ) : field === 'location' ? (
                  saved.location
                ) : field === 'website' ? (
                  <WebsiteLink website={saved.website} />
                ) : (
                  <SocialLink kind={field} handle={saved[field]} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {DETAIL_FIELDS.map((field, index) => (
          <div key={field} onBlur={() => setTouched((t) => new Set(t).add(field))} className={field === 'website' ? 'sm:col-span-2' : undefined}>
            <TextField
              label={DETAIL_INPUTS[field].label}
              value={values[field]}
              onChange={(value) => setDraft({ ...values, [field]: value })}
              placeholder={DETAIL_INPUTS[field].placeholder}
              hint={DETAIL_INPUTS[field].hint}
              inputMode={DETAIL_INPUTS[field].inputMode}
              error={touched.has(field) ? problems[field] : null}
              autoFocus={index === 0}
              testId={`${field}-input`}
            />
          </div>
        ))}
      </div>
    </EditableSection>
  );
}

/** Spec section 2: Pronouns, About Me and Extended Profile, each with Edit, Save and Cancel. */
export function ProfileInfo({ user }: { user: UserRecord }) {
  const pronouns = useSavePronouns();
  const about = useSaveAboutMe();
  return (
    <section aria-labelledby="profile-info-heading" className={card} data-testid="profile-info">
      <h2 id="profile-info-heading" className="text-lg font-semibold text-fg">
        Profile Information
      </h2>
      <div className="mt-4 divide-y divide-line">
        <PronounsSection value={user.pronouns} save={(value) => pronouns.mutateAsync({ pronouns: value })} saving={pronouns.isPending} />
        <AboutMeSection value={user.aboutMe} save={(value) => about.mutateAsync({ aboutMe: value })} saving={about.isPending} />
        <ExtendedProfileSection user={user} />
      </div>
    </section>
  );
}
