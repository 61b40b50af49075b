import { PASSWORD_MAX_LENGTH } from '@common/shared/limits';
import { passwordProblem, type PasswordOwner } from '@common/account/passwords';
import type { ServerContext } from '../context';
import { badRequest } from '../http/errors';
import { isBreachedPassword } from './breached-passwords';

/**
 * The authoritative check of a password being set (sign-up, change, reset; never sign-in):
 * 400 `weak_password` with the rule's words when it is too short, too long, common or personal.
 */
export async function assertAcceptablePassword(ctx: ServerContext, password: string, owner: PasswordOwner): Promise<void> {
  const policy = { min: ctx.config.passwordMinLength, max: PASSWORD_MAX_LENGTH };
  const problem = passwordProblem(password, policy, owner, await isBreachedPassword(password));
  if (problem) throw badRequest(problem, 'weak_password');
}
