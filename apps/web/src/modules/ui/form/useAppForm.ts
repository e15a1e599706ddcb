import { useCallback, useMemo, useState, type ChangeEvent, type FocusEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { okButtonState } from '../crud/okButton';
import { sameValue } from './equal';
import { serverFieldErrors, valueAt, zodErrors, type FieldErrors } from './errors';
import type { FieldPath } from './paths';

/** Values of a form whose schema is not known statically (the generic registry form). */
export type FormValues = Record<string, unknown>;

/** The keys of any branch of a union of objects. */
type KeysOfBranches<T> = T extends unknown ? keyof T : never;
/** Whether T is a union (true for some branch when it is). */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;
/**
 * A union of objects (a discriminated union's branches: a dependent 'insert'/'update' with its rules, 'none'/'delete'
 * as loaded) as the one object a form holds: every key of any branch, optional, with the values any branch allows. A
 * row being filled does not fit the branch its marker names yet (a new dependent, 'insert', starts with the empty
 * fields a stored one may have); the schema still says when it does (the form's errors), and its paths are the same.
 */
export type MergedBranches<T> = { [K in KeysOfBranches<T>]?: T extends unknown ? (K extends keyof T ? T[K] : never) : never };

/**
 * The form's values typed from its zod schema (its input side; a union's branches merged, MergedBranches); a loose
 * record for a plain z.ZodType.
 */
export type FormValuesOf<S extends z.ZodType> =
  z.input<S> extends FormValues ? (true extends IsUnion<z.input<S>> ? MergedBranches<z.input<S>> : z.input<S>) : FormValues;

export interface AppFormOptions {
  /** Errors show once a field was left (default), then follow its value; false shows them at once. */
  validateInputOnBlur?: boolean;
}

/** Whether `key` is `path`, inside it or contains it (an error of 'a.b' is cleared by a change of 'a' or 'a.b.c'). */
const related = (key: string, path: string) => key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`);

const without = (errors: FieldErrors, path: string) => {
  const keys = Object.keys(errors).filter((key) => related(key, path));
  if (!keys.length) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
};

/** After removing item `index` of list `path`, the entries of later items move up one index. */
function shiftAfterRemoval<T>(entries: Record<string, T>, path: string, index: number): Record<string, T> {
  const prefix = `${path}.`;
  const next: Record<string, T> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (!key.startsWith(prefix)) {
      next[key] = value;
      continue;
    }
    const [head, ...rest] = key.slice(prefix.length).split('.');
    const at = Number(head);
    if (at === index) continue;
    next[at > index ? [path, at - 1, ...rest].join('.') : key] = value;
  }
  return next;
}

/**
 * The one form layer (issue 10 §3): @mantine/form holds the values (nested objects, lists of child
 * rows), the zod schema gives the first error of each full path ('endereco.cep', 'dependentes.0.cpf'),
 * shown once the field was left (on-blur rule) and then live; `isDirty(path)` and `changed` compare
 * with the initial values; `ok` is the Ok button's state (red invalid, amber changed, green unchanged);
 * `setServerErrors` places a server 400 on its field.
 */
export function useAppForm<S extends z.ZodType, V extends FormValuesOf<S> = FormValuesOf<S>>(
  schema: S,
  initialValues: V,
  options: AppFormOptions = {},
) {
  // A path of the schema's values: a misspelled one fails the typecheck (any string for a loosely typed form).
  type Path = FieldPath<V>;
  // The one place where the values meet @mantine/form's own typing (issue 23 item 6): its path-keyed helpers are typed
  // by its LooseKeys, not by FieldPath, so the hook holds it once as V (the values it gives back) and once as a loose
  // record (called with this hook's typed paths, as text). Call sites and the components they feed never cast.
  const mantine = useForm<FormValues>({ mode: 'controlled', initialValues }) as unknown as UseFormReturnType<V>;
  const loose = mantine as unknown as UseFormReturnType<FormValues>;
  const values = mantine.values;
  const initial = mantine.getInitialValues();
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [showAll, setShowAll] = useState(options.validateInputOnBlur === false);
  const [external, setExternal] = useState<FieldErrors>({});
  const [server, setServer] = useState<FieldErrors>({});

  const schemaErrors = useMemo(() => zodErrors(schema, values), [schema, values]);
  const errors = useMemo<FieldErrors>(() => {
    const screen = Object.fromEntries(Object.entries(external).filter(([, message]) => message));
    return { ...schemaErrors, ...server, ...screen };
  }, [schemaErrors, server, external]);
  const valid = Object.keys(errors).length === 0;
  const changed = useMemo(() => !sameValue(values, initial), [values, initial]);

  const clearServer = useCallback((path: string) => setServer((current) => without(current, path)), []);
  const setValue = useCallback(
    (path: Path, value: unknown) => {
      loose.setFieldValue(path as string, value);
      clearServer(path as string);
    },
    [loose, clearServer],
  );
  const setMany = useCallback(
    (patch: Partial<V>) => {
      loose.setValues((current) => ({ ...current, ...patch }));
      for (const key of Object.keys(patch)) clearServer(key);
    },
    [loose, clearServer],
  );
  const touch = useCallback(
    (path: Path) => setTouched((current) => (current[path as string] ? current : { ...current, [path as string]: true })),
    [],
  );
  /** An error of the screen's own (a check it made); '' clears it. */
  const setExternalError = useCallback((path: Path, message: string) => {
    setExternal((current) => (current[path as string] === message ? current : { ...current, [path as string]: message }));
  }, []);

  const errorOf = (path: Path): string | undefined => {
    const key = path as string;
    return showAll || touched[key] || key in server || external[key] ? errors[key] : undefined;
  };

  /**
   * Props for an input of this field ({...form.getInputProps('endereco.cep')}): value, onChange (a
   * value or an input event), the field's error and the on-blur rule. Checkboxes: { type: 'checkbox' }.
   */
  const getInputProps = (path: Path, inputOptions?: { type?: 'input' | 'checkbox' }) => {
    const props = loose.getInputProps(path as string, { type: inputOptions?.type ?? 'input', withError: false });
    return {
      ...props,
      error: errorOf(path),
      onChange: (value: unknown) => {
        props.onChange(value);
        clearServer(path as string);
      },
      onBlur: (event?: FocusEvent<HTMLElement>) => {
        props.onBlur?.(event);
        touch(path);
      },
    };
  };

  /**
   * Props for a DateInput of this field: getInputProps plus `onInvalid`, so text that is not a real date
   * ('Data inválida') is the field's error and keeps the form invalid even for an optional date.
   */
  const dateInputProps = (path: Path) => {
    const props = getInputProps(path);
    return {
      value: props.value as string | null | undefined,
      error: props.error,
      onChange: (value: string | null) => props.onChange(value),
      onBlur: () => props.onBlur(),
      onInvalid: (message: string) => setExternalError(path, message),
    };
  };

  /** Text-input props: the value as text ('' for null), an optional length limit, text transform. */
  const textProps = (path: Path, maxLength?: number, transform?: (text: string) => string) => {
    const value = valueAt(values, path as string);
    return {
      value: value == null ? '' : String(value),
      maxLength,
      error: errorOf(path),
      onBlur: () => touch(path),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string) => {
        const text = typeof event === 'string' ? event : event.currentTarget.value;
        setValue(path, transform ? transform(text) : text);
      },
    };
  };

  return {
    /** The current values (typed from the schema's input). */
    values,
    /** Every current error by full path (schema, server, screen), shown or not. */
    errors,
    valid,
    changed,
    /** Spec 1 §5 Ok button: state, colour (red/yellow/green) and disabled. */
    ok: okButtonState(valid, changed),
    /** Whether a field (or the whole form without a path) differs from its initial value. */
    isDirty: (path?: Path) => (path === undefined ? changed : !sameValue(valueAt(values, path as string), valueAt(initial, path as string))),
    setValue,
    setMany,
    touch,
    setExternalError,
    errorOf,
    getInputProps,
    dateInputProps,
    textProps,
    /** Lists of child rows ('dependentes'): add, remove (later rows' errors move up), replace. */
    insertListItem: (path: Path, item: unknown, index?: number) => loose.insertListItem(path as string, item as never, index),
    replaceListItem: (path: Path, index: number, item: unknown) => loose.replaceListItem(path as string, index, item as never),
    removeListItem: (path: Path, index: number) => {
      loose.removeListItem(path as string, index);
      setTouched((current) => shiftAfterRemoval(current, path as string, index));
      setServer((current) => shiftAfterRemoval(current, path as string, index));
      setExternal((current) => shiftAfterRemoval(current, path as string, index));
    },
    /** Shows every error at once (a save attempt); true when the form is valid. */
    showAllErrors: () => {
      setShowAll(true);
      return valid;
    },
    /**
     * A refused save: a 400's field errors go under their fields (cleared when the field changes).
     * Returns the message that could not be placed on a field (null when all were, or not a 400).
     */
    setServerErrors: (error: unknown) => {
      const { fields, unmapped } = serverFieldErrors(error, mantine.getValues());
      setServer(fields);
      return unmapped;
    },
    /** The parsed body to send (the schema's cleaned output); throws when invalid. */
    parsed: () => schema.parse(mantine.getValues()) as z.output<S>,
    /** The underlying @mantine/form (key(), watch(), reorderListItem…). */
    mantine,
  };
}

/** A form of the layer; `AppForm` alone is the loosely typed form of the generic registry screens. */
export type AppForm<S extends z.ZodType = z.ZodType, V extends FormValuesOf<S> = FormValuesOf<S>> = ReturnType<typeof useAppForm<S, V>>;

/**
 * What a component editing one child list needs of a form, whatever the form (the member's, a dependent's): its values
 * and the list helpers over the form's own typed paths. Such a component is generic over V (ServicesPanel,
 * markedRowActions), so it serves every form whose values hold the list, without a cast.
 */
export type ListForm<V extends FormValues> = Pick<AppForm<z.ZodType, V>, 'values' | 'insertListItem' | 'replaceListItem' | 'removeListItem'>;
