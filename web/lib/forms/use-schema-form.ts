import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { formErrorMessage } from '../errors';
import { refusalFromIssues } from './issues';

// An object type: an interface (AuditFilterValues) has no index signature.
type Values = object;
type Name<V> = Extract<keyof V, string>;
type FieldErrors<V> = Partial<Record<Name<V>, string>>;

export interface SchemaFormOptions<V extends Values, S extends z.ZodType> {
  initial: V | (() => V);
  /** What the schema checks, when it is not the values as they are (one trimmed string, numbers from what was typed). */
  input?: (values: V) => z.input<S> | unknown;
  /**
   * Given what the schema made of the values. A promise makes the form pending until it
   * settles; its rejection is shown as the form's error (`serverError`). Work that reports
   * its own failure (a mutation with a toast) returns nothing.
   */
  onSubmit: (data: z.output<S>, values: V) => unknown;
  /** The sentence shown when the schema gives none. */
  fallback?: string;
  /** The sentence for a refusal of the schema, in place of the first issue's own: always the same, or from that issue. */
  refusal?: string | ((issue: z.core.$ZodIssue) => string);
  /** A refused submit's sentence; the API's `{error:{code,message}}` without its field path by default. */
  serverError?: (error: unknown) => string;
  /** The one field the form asks for: every refusal, the server's too, marks it. */
  soleField?: Name<V>;
  /** Editing a value takes the refusal away (default), or it stays until the next submit. */
  clearOnEdit?: boolean;
  /** The fields a refusal is about get aria-invalid and name the error in aria-describedby (default). */
  markFields?: boolean;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Props for the input of field `name`: FormField, or a plain input, textarea or select. */
export interface FieldProps<T> {
  value: T;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form checked with a zod schema: its values, its refusal (one sentence, the first issue's,
 * shown by FormError or ErrorText with `id={form.errorId}`, and the fields it is about), and
 * `pending` while the submit's promise runs.
 */
export function useSchemaForm<V extends Values, S extends z.ZodType>(schema: S, options: SchemaFormOptions<V, S>) {
  const { fallback = 'Please check the form.', serverError = formErrorMessage, soleField, clearOnEdit = true, markFields = true } = options;
  const [values, setValuesState] = useState<V>(options.initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<V>>({});
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const errorId = useId();

  const errors: FieldErrors<V> = soleField && error !== null ? { ...fieldErrors, [soleField]: fieldErrors[soleField] ?? error } : fieldErrors;

  /** Shows a refusal the form found itself (a check beyond the schema), marking `fields`. */
  const refuse = (message: string | null, fields: FieldErrors<V> = {}) => {
    setError(message);
    setFieldErrors(fields);
  };
  const clearError = () => refuse(null);

  const setValues = (next: V | ((current: V) => V)) => {
    setValuesState(next);
    if (clearOnEdit) clearError();
  };
  const setValue = <K extends Name<V>>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (running.current) return;
    const parsed = schema.safeParse(options.input ? options.input(values) : values);
    if (!parsed.success) {
      const refusal = refusalFromIssues<Name<V>>(parsed.error.issues, fallback);
      const first = parsed.error.issues[0];
      if (typeof options.refusal === 'string') refusal.message = options.refusal;
      else if (options.refusal && first) refusal.message = options.refusal(first);
      refuse(refusal.message, refusal.fields);
      return;
    }
    clearError();
    const result = options.onSubmit(parsed.data, values);
    if (!(result instanceof Promise)) return;
    running.current = true;
    setPending(true);
    try {
      await result;
    } catch (failure) {
      refuse(serverError(failure));
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  /** The marks of field `name` alone, for an input that takes its value another way (CountedTextarea's onValue). */
  const marks = (name: Name<V>): Pick<FieldProps<unknown>, 'aria-invalid' | 'aria-describedby'> => {
    const marked = markFields && errors[name] !== undefined;
    return { 'aria-invalid': marked || undefined, 'aria-describedby': marked ? errorId : undefined };
  };

  const field = <K extends Name<V>>(name: K): FieldProps<V[K]> => ({
    value: values[name],
    onChange: (event) => setValue(name, event.target.value as V[K]),
    ...marks(name),
  });

  return {
    values,
    setValue,
    setValues,
    /** The sentence the form shows, its own or the server's; null while there is none. */
    error,
    /** The fields the refusal is about, each with its first message. */
    errors,
    errorId,
    refuse,
    clearError,
    pending,
    field,
    marks,
    /** The form's onSubmit (or call it from a button or Enter): checks, then hands over. */
    submit: (event?: FormEvent) => void submit(event),
  };
}
