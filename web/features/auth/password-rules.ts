/** The client-side mirror of the server's password length policy (GET /api/auth-config). */
export function passwordLengthProblem(password: string, min: number, max: number): string | null {
  if (password.length < min) return `Password must be at least ${min} characters.`;
  if (password.length > max) return `Password must be at most ${max} characters.`;
  return null;
}
