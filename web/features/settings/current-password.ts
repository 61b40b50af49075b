import { useState, type RefObject } from 'react';
import { isApiError } from '../../lib/api';
import { formErrorMessage } from '../../lib/errors';

/** The codes with which the server refuses the current password given (server/features/account/passwords.ts). */
const CURRENT_PASSWORD_CODES = new Set(['wrong_password', 'password_required']);

export interface FormProblem {
  message: string;
  /** The refusal is about the "Current password" field: it is marked invalid and focused. */
  currentPassword: boolean;
}

/**
 * A settings form's refusal, shown beside the form like every other (not as a toast): the
 * form's own checks and the server's answer alike. One about the current password marks that
 * field (aria-invalid) and puts the cursor back in it; typing in it again clears the mark.
 */
export function useFormProblem(formRef: RefObject<HTMLFormElement | null>) {
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const refuse = (message: string, currentPassword = false) => {
    setProblem({ message, currentPassword });
    if (currentPassword) formRef.current?.querySelector<HTMLInputElement>('input[name="currentPassword"]')?.focus();
  };

  return {
    message: problem?.message ?? null,
    refuse,
    /** The server refused the change. */
    refuseWith: (error: unknown) => refuse(formErrorMessage(error), isApiError(error) && CURRENT_PASSWORD_CODES.has(error.code)),
    clear: () => setProblem(null),
    /** The new password was edited: a refusal of the old one no longer stands, one about the current password does. */
    clearUnlessCurrent: () => setProblem((shown) => (shown?.currentPassword ? shown : null)),
    /** Props for the "Current password" field. */
    currentPasswordProps: { 'aria-invalid': problem?.currentPassword || undefined, onInput: () => problem?.currentPassword && setProblem(null) },
  };
}
