import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, badRequest } from './errors';

/** Messages quote field names, which a client chooses: long ones are cut. */
const MESSAGE_MAX = 300;

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  const text = `${where}${issue.message}`;
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

/** Validates a value against a schema from common/: a failure is a 400 with the first issue's message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, 'validation_failed', describe(result.error));
  return result.data;
}

/** Reads a JSON body and validates it: malformed JSON and schema failures are 400s. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body is not valid JSON.', 'invalid_json');
  }
  return parseWith(schema, body);
}

/**
 * Validates the query string (each parameter's first value). Every query schema in common/
 * bounds its values: text under the text rule, numbers as digits within a range, cursors
 * as bounded base64url.
 */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
