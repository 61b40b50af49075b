import { useState, type FormEvent } from 'react';
import { displayNameSchema } from '@common/account/account';
import type { UserRecord } from '@common/me/user';
import { primaryButton } from '../../components/ui';
import { DisplayNameField, FormError } from '../../components/FormField';
import { useUpdateDisplayName } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/** The name shown across Drabble; the nav follows as soon as it is saved. */
export function DisplayNameSection({ user }: { user: UserRecord }) {
  const saved = user.displayName ?? '';
  const [name, setName] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateDisplayName();
  const unchanged = name.trim() === saved.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check your display name.');
    setProblem(null);
    update.mutate({ displayName: parsed.data }, { onSuccess: () => setName(parsed.data) });
  };

  return (
    <SettingsSection {...SETTINGS_SECTIONS.name} description="Shown on your stories, your profile and in the menu." testId="settings-name">
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <DisplayNameField value={name} onChange={(event) => setName(event.target.value)} />
        <FormError message={problem} />
        <div>
          <button type="submit" disabled={update.isPending || unchanged} className={primaryButton}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
