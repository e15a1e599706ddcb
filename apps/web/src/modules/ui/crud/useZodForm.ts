import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;

/** The first message of each field (top-level path) of a failed parse. */
function fieldErrors(schema: z.ZodType, values: FormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Form state checked by one domain schema: values, per-field errors (shown once a field was left or
 * after a save attempt), extra errors set by the screen (a server check), and whether anything changed.
 */
export function useZodForm<V extends FormValues>(schema: z.ZodType, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [external, setExternal] = useState<Record<string, string>>({});

  const schemaErrors = useMemo(() => fieldErrors(schema, values), [schema, values]);
  const errors = useMemo(() => ({ ...schemaErrors, ...Object.fromEntries(Object.entries(external).filter(([, m]) => m)) }), [schemaErrors, external]);
  const valid = Object.keys(errors).length === 0;
  const changed = useMemo(() => Object.keys({ ...initial, ...values }).some((k) => !same(initial[k], values[k])), [initial, values]);

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  const setMany = useCallback((patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })), []);
  const touch = useCallback((name: string) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })), []);
  /** An error of the screen's own (a server check); '' clears it. */
  const setExternalError = useCallback((name: string, message: string) => {
    setExternal((current) => (current[name] === message ? current : { ...current, [name]: message }));
  }, []);

  return {
    values,
    errors,
    valid,
    changed,
    setValue,
    setMany,
    touch,
    setExternalError,
    /** The message to show under a field: after it was left, or at once for server-check errors. */
    errorOf: (name: string) => (touched[name] || external[name] ? errors[name] : undefined),
    /** The parsed body to send (the schema's cleaned output). */
    parsed: () => schema.parse(values) as Record<string, unknown>,
  };
}

export type ZodForm = ReturnType<typeof useZodForm<FormValues>>;
