import { z } from 'zod';

/**
 * The claims we use from an OpenID Connect id_token. The token comes straight from the
 * provider's token endpoint over TLS (the authorization-code flow), which OpenID Connect
 * Core 3.1.3.7 accepts in place of checking its signature.
 */
const claimsSchema = z.object({
  iss: z.string().min(1),
  sub: z.string().min(1),
  email: z.string().min(3),
  name: z.string().optional(),
  picture: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  /** Microsoft Entra: the email's domain is owned by the tenant (an optional claim). */
  xms_edov: z.union([z.boolean(), z.string()]).optional(),
});
export type IdTokenClaims = z.infer<typeof claimsSchema>;

export function claimsFromIdToken(idToken: string | undefined): IdTokenClaims | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const yes = (value: boolean | string | undefined) => value === true || value === 'true' || value === '1';

/**
 * The provider says it checked the address. Microsoft omits email_verified, and a tenant
 * admin can put any address on an account, so there only xms_edov counts.
 */
export function emailVouched(claims: IdTokenClaims): boolean {
  return yes(claims.email_verified) || yes(claims.xms_edov);
}

/** One provider identity: the subject is unique only within its issuer. */
export function providerAccountKey(claims: IdTokenClaims): string {
  return `${claims.iss}|${claims.sub}`;
}
