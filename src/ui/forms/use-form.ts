import { useCallback, useState } from 'react';
import type { ZodType } from 'zod';
import { fieldErrorsFromServer, fieldErrorsFromZod, unplacedFieldErrors, type FieldErrors } from './field-errors';
import { showError } from '../feedback/error-store';

export interface FormState<Values extends Record<string, unknown>, Parsed> {
  values: Values;
  errors: FieldErrors;
  setValue: <K extends keyof Values>(field: K, value: Values[K]) => void;
  /** Validates with the shared zod schema; on failure shows the messages per field and returns null. */
  validate: () => Parsed | null;
  /**
   * After a failed submit: validation errors (422) go next to their fields, anything else to the one
   * error dialog. Field errors for fields this form does not show also go to the dialog.
   */
  handleSubmitError: (err: unknown) => void;
  /** Shows messages that arrived another way (e.g. the session machine's login error). */
  setErrors: (errors: FieldErrors) => void;
  reset: (values: Values) => void;
}

/** Small form state for the shared field components; the schema is the same one the server uses. */
export function useForm<Values extends Record<string, unknown>, Parsed>(
  initial: Values,
  schema: ZodType<Parsed>,
): FormState<Values, Parsed> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback(<K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    // Editing a field clears its messages (and those of its parts, `options.2.digit`); the others stay
    // until the next submit.
    setErrors((prev) => {
      const cleared = Object.keys(prev).filter((key) => key === field || key.startsWith(`${String(field)}.`));
      if (cleared.length === 0) return prev;
      const next = { ...prev };
      for (const key of cleared) delete next[key];
      return next;
    });
  }, []);

  const validate = useCallback(() => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrorsFromZod(result.error));
    return null;
  }, [schema, values]);

  const handleSubmitError = useCallback(
    (err: unknown) => {
      const fieldErrors = fieldErrorsFromServer(err);
      if (!fieldErrors) {
        showError(err);
        return;
      }
      setErrors(fieldErrors);
      if (Object.keys(unplacedFieldErrors(fieldErrors, Object.keys(values))).length > 0) showError(err);
    },
    [values],
  );

  const reset = useCallback((next: Values) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, setValue, validate, handleSubmitError, setErrors, reset };
}
