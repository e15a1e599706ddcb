import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  RESET_RETURN_MS,
  isPasswordTooShort,
  onlyDigits,
  passwordResetContracts,
  passwordTooShortMessage,
  resetFormSchema,
  resetMessages,
  weakPasswordMessage,
  type PasswordScorer,
  type ResetFormValues,
  type ResetPasswordChange,
} from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';
import { notifyError } from '../../ui/notify';
import { checkPasswordStrength, loadPasswordScorer } from '../utils/passwordStrength';

type Field = keyof ResetFormValues;
type Errors = Partial<Record<Field, string>>;

const EMPTY: ResetFormValues = { cpf: '', password: '', confirm: '' };

/**
 * The reset page form (spec 3 §2.18, §5, §8): CPF, new password with its strength as the user
 * types, confirmation; POST login/resetpasswordchange; back to /login 5 s after success.
 */
export function useResetForm(code: string) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ResetFormValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState(false);
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);

  useEffect(() => {
    let alive = true;
    void loadPasswordScorer().then((loaded) => alive && setScorer(() => loaded));
    return () => {
      alive = false;
    };
  }, []);

  const cpf = onlyDigits(values.cpf);
  const strength = useMemo(
    () => (scorer && values.password ? checkPasswordStrength(scorer, values.password, cpf ? [cpf] : []) : null),
    [scorer, values.password, cpf],
  );

  const errors: Errors = {};
  if (submitted) {
    const result = resetFormSchema.safeParse({ ...values, cpf });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
    }
    // The length rule needs no dictionary, so it shows even before zxcvbn has loaded.
    if (!errors.password && isPasswordTooShort(values.password)) errors.password = passwordTooShortMessage;
    if (!errors.password && strength && !strength.ok) errors.password = weakPasswordMessage(strength);
  }

  const change = useMutation({
    mutationFn: (body: ResetPasswordChange) => callApi(passwordResetContracts.changePassword, { body }, { skipSessionLost: true }),
    onMutate: () => setServerError(''),
    onSuccess: () => setDone(true),
    onError: (error) => {
      if (isApiError(error) && error.status === 410) {
        // An expired link: back to the start, where a new one can be requested.
        notifyError(error.message);
        void navigate('/', { replace: true });
        return;
      }
      if (isApiError(error) && error.status === 400 && error.body) {
        setServerError(error.message);
      } else {
        setServerError(resetMessages.failed);
      }
      // The form starts over (spec 3 §8).
      setValues((current) => ({ ...current, password: '', confirm: '' }));
      setSubmitted(false);
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_RETURN_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const setField = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const result = resetFormSchema.safeParse({ ...values, cpf });
    if (!result.success || isPasswordTooShort(values.password)) return;
    const loaded = scorer ?? (await loadPasswordScorer());
    if (!checkPasswordStrength(loaded, values.password, [cpf]).ok) return;
    change.mutate({ code, cpf, password: values.password });
  };

  return { values, errors, strength, serverError, done, submitting: change.isPending, setField, handleSubmit };
}
