import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts, loginRequestSchema, onlyDigits, passwordResetContracts, sessionMessages, type LoginRequest } from '@assoc/domain';
import { isApiError, rememberXsrfToken } from '../../../app/api';
import { callApi } from '../../../app/client';
import { sessionKey, sessionQuery } from '../../../app/session/sessionQuery';

/** 0: sign in; 1: request a password e-mail (first access / forgot password). */
export type LoginMode = 0 | 1;

/** Spec 1 §4 / §9: five seconds after a successful password request the login mode returns to 0. */
export const REQUEST_RETURN_MS = 5_000;

type Field = 'username' | 'password' | 'code' | 'recoveryCode';
type Errors = Partial<Record<Field, string>>;

export interface LoginValues {
  /** CPF digits (the field accepts the mask; only digits are sent). */
  username: string;
  password: string;
  code: string;
  /** Issue 28: one of the user's one-time recovery codes, typed instead of the access code (lost phone). */
  recoveryCode: string;
}

/** Password-request mode asks only for the CPF. */
const requestSchema = loginRequestSchema.pick({ username: true });

/** First message per field, from the domain's sign-in schema (spec 1 §5 "Sign-in"). */
function validate(values: LoginValues, mode: LoginMode): Errors {
  const input = { ...values, username: onlyDigits(values.username) };
  const result = mode === 0 ? loginRequestSchema.safeParse(input) : requestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The sign-in form (spec 1 §2, §4): validation, the 'requirecode' step, server messages, and the
 * return to the page the user first wanted.
 */
export function useLoginForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', code: '', recoveryCode: '' });
  const [mode, setMode] = useState<LoginMode>(0);
  const [submitted, setSubmitted] = useState(false);
  const [requireCode, setRequireCode] = useState(false);
  // Where the access code is asked: a recovery code instead (issue 28).
  const [useRecovery, setUseRecovery] = useState(false);
  const [serverError, setServerError] = useState('');
  // Set once GET login/resetpassword/{user} succeeds: the message shows and the button reads 'SOLICITADO'.
  const [requestedMessage, setRequestedMessage] = useState('');

  const errors = submitted ? validate(values, mode) : {};

  const signIn = useMutation({
    mutationFn: (body: LoginRequest) => callApi(authContracts.login, { body }, { skipSessionLost: true }),
    onMutate: () => setServerError(''),
    onSuccess: async (reply) => {
      if (reply.data === 'requirecode') {
        setRequireCode(true);
        return;
      }
      // The session makes the sign-in page send the user on (see LoginPage). The sign-in reply carries it (issue 28:
      // no GET session round trip before the home); an older server's reply does not, so it is asked.
      const session = reply.session ?? (await queryClient.fetchQuery({ ...sessionQuery(queryClient), staleTime: 0 }));
      if (!session) return;
      // The home's chunks and data start first (app/prefetch.ts, loaded while the user typed), so the data's request
      // leaves before the layout renders.
      await import('../../../app/prefetch').then((prefetch) => prefetch.prefetchHomeOf(session, queryClient, reply.home)).catch(() => {});
      if (reply.session) {
        rememberXsrfToken(reply.session.xsrfToken);
        queryClient.setQueryData(sessionKey, reply.session);
      }
    },
    onError: (error) => {
      setServerError(isApiError(error) ? error.message : String(error));
    },
  });

  // Mode 1: the server answers the same whether or not the CPF exists (it e-mails the link when it does).
  const requestPassword = useMutation({
    mutationFn: (cpf: string) => callApi(passwordResetContracts.requestReset, { params: { user: cpf } }, { skipSessionLost: true }),
    onMutate: () => setServerError(''),
    onSuccess: () => setRequestedMessage(sessionMessages.passwordRequested),
    onError: (error) => setServerError(isApiError(error) ? error.message : String(error)),
  });

  // Back to login mode 5 s after the request succeeded; the confirmation stays until the user changes something.
  useEffect(() => {
    if (mode !== 1 || !requestedMessage) return;
    const timer = setTimeout(() => {
      setMode(0);
      setSubmitted(false);
    }, REQUEST_RETURN_MS);
    return () => clearTimeout(timer);
  }, [mode, requestedMessage]);

  const setField = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Another CPF may be requested again.
    if (field === 'username' && onlyDigits(value) !== onlyDigits(values.username)) setRequestedMessage('');
  };

  const toggleMode = () => {
    setMode((current) => (current === 0 ? 1 : 0));
    setSubmitted(false);
    setServerError('');
    setRequestedMessage('');
  };

  const handleSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values, mode)).length > 0) return;
    if (mode === 1) {
      if (!requestedMessage) requestPassword.mutate(onlyDigits(values.username));
      return;
    }
    const recovery = requireCode && useRecovery;
    signIn.mutate({
      username: onlyDigits(values.username),
      password: values.password,
      code: requireCode && !recovery ? values.code.trim() : '',
      subscriberId: '',
      ...(recovery ? { recoveryCode: values.recoveryCode.trim() } : {}),
    });
  };

  return {
    values,
    errors,
    mode,
    requireCode,
    useRecovery,
    toggleRecovery: () => setUseRecovery((current) => !current),
    serverError,
    requested: requestedMessage !== '',
    requestedMessage,
    submitting: signIn.isPending || requestPassword.isPending,
    setField,
    toggleMode,
    handleSubmit,
  };
}
