import { Link } from 'react-router';
import { HANDLE_MAX_LENGTH, HANDLE_TEXTS, atHandle, handleAddress, handlePath, handleSchema, normalizeHandleInput } from '@common/handles/handle';
import type { UserRecord } from '@common/me/user';
import { primaryButton, textLink } from '../../components/ui';
import { FormError, FormField } from '../../components/FormField';
import { formErrorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useChangeHandle } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/**
 * The handle: `@handle` on the profile, `@handle@host` from elsewhere (the host this page is
 * served from). The rule's sentence (common/handles/handle.ts) shows beside the form before anything is
 * sent, and the server's refusal (taken) the same way.
 */
export function HandleSection({ user }: { user: UserRecord }) {
  const change = useChangeHandle();
  const form = useSchemaForm(handleSchema, {
    initial: { handle: user.handle },
    input: ({ handle }) => handle,
    fallback: HANDLE_TEXTS.characters,
    onSubmit: (handle) =>
      change.mutate({ handle }, { onSuccess: ({ user: saved }) => form.setValue('handle', saved.handle), onError: (error) => form.refuse(formErrorMessage(error)) }),
    clearOnEdit: false,
    markFields: false,
  });
  const unchanged = normalizeHandleInput(form.values.handle) === user.handle;

  return (
    <SettingsSection {...SETTINGS_SECTIONS.handle} description={HANDLE_TEXTS.description} testId="settings-handle">
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-muted">{HANDLE_TEXTS.label}</dt>
        <dd className="min-w-0 font-medium break-all text-fg">
          <Link to={handlePath(user.handle)} className={textLink} data-testid="current-handle">
            {atHandle(user.handle)}
          </Link>
        </dd>
        <dt className="text-muted">{HANDLE_TEXTS.fullAddress}</dt>
        <dd className="min-w-0 font-medium break-all text-fg" data-testid="handle-address">
          {handleAddress(user.handle, window.location.host)}
        </dd>
      </dl>
      <form onSubmit={form.submit} noValidate className="mt-5 flex max-w-md flex-col gap-4">
        <FormField
          label={HANDLE_TEXTS.newLabel}
          name="handle"
          {...form.field('handle')}
          hint={HANDLE_TEXTS.hint}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // Room for a leading @, which is taken off.
          maxLength={HANDLE_MAX_LENGTH + 1}
        />
        <FormError message={form.error} />
        <div>
          <button type="submit" disabled={change.isPending || unchanged} className={primaryButton}>
            {change.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
