import { displayNameSchema } from '@common/account/account';
import type { UserRecord } from '@common/me/user';
import { primaryButton } from '../../components/ui';
import { DisplayNameField, FormError } from '../../components/FormField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useUpdateDisplayName } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/** The name shown across Drabble; the nav follows as soon as it is saved. */
export function DisplayNameSection({ user }: { user: UserRecord }) {
  const saved = user.displayName ?? '';
  const update = useUpdateDisplayName();
  const form = useSchemaForm(displayNameSchema, {
    initial: { name: saved },
    input: ({ name }) => name,
    fallback: 'Please check your display name.',
    onSubmit: (displayName) => update.mutate({ displayName }, { onSuccess: () => form.setValue('name', displayName) }),
    clearOnEdit: false,
    markFields: false,
  });
  const unchanged = form.values.name.trim() === saved.trim();

  return (
    <SettingsSection {...SETTINGS_SECTIONS.name} description="Shown on your stories, your profile and in the menu." testId="settings-name">
      <form onSubmit={form.submit} noValidate className="flex max-w-md flex-col gap-4">
        <DisplayNameField {...form.field('name')} />
        <FormError message={form.error} />
        <div>
          <button type="submit" disabled={update.isPending || unchanged} className={primaryButton}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
