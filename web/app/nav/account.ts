/** The account menu names a person by display name, else 'User' (spec section 2). */
export function accountName(user: { displayName: string | null }): string {
  return user.displayName?.trim() || 'User';
}
