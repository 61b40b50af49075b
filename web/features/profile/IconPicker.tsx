import { useId, useState, type FormEvent } from 'react';
import { PROFILE_ICONS, type ProfileIcon } from '@common/profile/icons';
import { PROFILE_ICON_COMPONENTS } from '../../components/profile-icon-components';
import { card, primaryButton } from '../../components/ui';

interface IconPickerProps {
  current: ProfileIcon;
  /** Resolves once saved; rejects (after its own toast) when not. */
  save: (icon: ProfileIcon) => Promise<unknown>;
  saving: boolean;
  /** A line under the heading (e.g. that a photo takes precedence). */
  note?: string;
  /** Inside another card: no card of its own, and an h3. */
  embedded?: boolean;
}

/**
 * The 20 icons of spec section 3 as a radio group (arrow keys move between them): 5
 * columns on small screens, 8 on wide ones. The current icon shows as selected; 'Save
 * Icon' stays disabled until another is chosen.
 */
export function IconPicker({ current, save, saving, note, embedded = false }: IconPickerProps) {
  const [chosen, setChosen] = useState<ProfileIcon | null>(null);
  const name = useId();
  const headingId = useId();
  const selected = chosen ?? current;
  const Heading = embedded ? 'h3' : 'h2';
  const changed = chosen !== null && chosen !== current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) void save(chosen).then(() => setChosen(null), () => undefined);
  };
  return (
    <section aria-labelledby={headingId} className={embedded ? undefined : card} data-testid="icon-picker">
      <Heading id={headingId} className={embedded ? 'font-semibold text-fg' : 'text-lg font-semibold text-fg'}>
        Profile Icon
      </Heading>
      {note && <p className="mt-1 text-sm text-muted">{note}</p>}
      <form onSubmit={submit} className="mt-4">
        <fieldset>
          <legend className="sr-only">Choose a profile icon</legend>
          <div className="grid max-w-lg grid-cols-5 gap-2 lg:grid-cols-8" data-testid="icon-grid">
            {PROFILE_ICONS.map((icon) => {
              const Icon = PROFILE_ICON_COMPONENTS[icon];
              return (
                <label key={icon} title={icon} className="relative block">
                  <input
                    type="radio"
                    name={name}
                    value={icon}
                    checked={selected === icon}
                    onChange={() => setChosen(icon)}
                    // Transparent over the tile: clickable and focusable where it is drawn.
                    className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-lg opacity-0"
                  />
                  <span className="sr-only">{icon}</span>
                  <span
                    aria-hidden
                    className="flex aspect-square items-center justify-center rounded-lg border border-line bg-surface text-fg transition hover:bg-subtle peer-checked:border-accent-600 peer-checked:bg-accent-soft peer-checked:text-accent-soft-ink peer-checked:ring-2 peer-checked:ring-accent-600 peer-focus-visible:ring-2 peer-focus-visible:ring-accent-500 peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-surface"
                  >
                    <Icon className="size-6" />
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={!changed || saving} data-testid="save-icon">
            {saving ? 'Saving…' : 'Save Icon'}
          </button>
          <p className="text-sm text-muted" aria-live="polite">
            {changed ? `Selected: ${chosen}` : `Current: ${current}`}
          </p>
        </div>
      </form>
    </section>
  );
}
