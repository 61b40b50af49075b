import { useState, type FormEvent } from 'react';
import { displayNameSchema } from '@common/account';
import { DISPLAY_NAME_MAX } from '@common/limits';
import type { UserRecord } from '@common/user';
import { primaryButton } from '../../components/ui';
import { FormError, FormField } from '../../components/FormField';
import { useUpdateDisplayName } from './api';
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
    <SettingsSection title="Display name" description="Shown on your stories, your profile and in the menu." testId="settings-name">
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <FormField
          label="Display name"
          type="text"
          name="displayName"
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint={`Up to ${DISPLAY_NAME_MAX} characters.`}
        />
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
