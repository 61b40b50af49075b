import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX_LENGTH } from '@common/shared/limits';
import { inputField } from './ui';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
}

export function FormField({ label, hint, 'aria-describedby': describedBy, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  // The hint, then what else describes the field (the refusal that marks it, useSchemaForm's field()).
  const description = [hint ? hintId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input id={id} aria-describedby={description} className={inputField} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

type PresetProps = Omit<FormFieldProps, 'type' | 'label'> & { label?: string };

/** An email address field: the keyboard, autofill and length every email field wants. */
export function EmailField({ label = 'Email', ...props }: PresetProps) {
  return <FormField label={label} type="email" name="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} {...props} />;
}

/** A display name field (sign-up, Settings): its limit on the input, and in words under it. */
export function DisplayNameField({ label = 'Display name', ...props }: PresetProps) {
  return <FormField label={label} type="text" name="displayName" autoComplete="nickname" maxLength={DISPLAY_NAME_MAX} hint={`Up to ${DISPLAY_NAME_MAX} characters.`} {...props} />;
}

/** A password field; `autoComplete` says which (current-password or new-password). */
export function PasswordField({ label = 'Password', ...props }: PresetProps) {
  return <FormField label={label} type="password" maxLength={PASSWORD_MAX_LENGTH} {...props} />;
}

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  maxLength: number;
  hint?: string;
  /** Shown under the new password: the strength meter. */
  strength?: ReactNode;
}

/** "New password" and "Confirm new password", as the reset form and Settings ask for them. */
export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation, maxLength, hint, strength }: NewPasswordFieldsProps) {
  const shared = { autoComplete: 'new-password', maxLength, required: true } as const;
  return (
    <>
      <PasswordField label="New password" name="newPassword" hint={hint} value={password} onChange={(e) => onPassword(e.target.value)} {...shared} />
      {strength}
      <PasswordField label="Confirm new password" name="confirmPassword" value={confirmation} onChange={(e) => onConfirmation(e.target.value)} {...shared} />
    </>
  );
}

/** A form's refusal; give it an `id` when a field names it in `aria-describedby` (useSchemaForm's errorId). */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" data-testid="auth-error" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}
