import { genericMessages, sessionMessages } from '@assoc/domain';

/** Base path of every API call (spec 1 §7); the web is served from the API's own origin. */
export const API_BASE = '/api/v1';

/** A failed API call: the HTTP status (0 when the server did not answer) and the pt-BR message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

// ---------------------------------------------------------------------------------------------
// Session lost: any 401 tells the listeners (the app shows one popup and goes to /login).
// ---------------------------------------------------------------------------------------------

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function notifyUnauthorized() {
  for (const listener of [...unauthorizedListeners]) listener();
}

// ---------------------------------------------------------------------------------------------
// XSRF: the server sets the readable XSRF-TOKEN cookie; every call echoes it in a header (writes, and the
// GETs that change state: jobs/send, logout, gettoken, searchhistory/{cstId}; issue 8 §8).
// ---------------------------------------------------------------------------------------------

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
let lastKnownXsrfToken = '';

/** Keeps the token GET session reports, used when the cookie cannot be read. */
export function rememberXsrfToken(token: string) {
  lastKnownXsrfToken = token;
}

function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// The fetch wrapper
// ---------------------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 here is an expected answer (sign-in, the session probe), not a lost session. */
  skipSessionLost?: boolean;
  /** The success reply is a file: answered as a Blob. */
  binary?: boolean;
}

/** The pt-BR text of an error reply: `message`, `errorMessage` or `description` (spec 1 §8). */
function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'errorMessage', 'description']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: options.binary ? '*/*' : 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readCookie(XSRF_COOKIE) || lastKnownXsrfToken;
  if (token) headers[XSRF_HEADER] = token;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, sessionMessages.serverDown);
  }

  if (response.ok && options.binary) return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && !options.skipSessionLost) notifyUnauthorized();
    const fallback = GATEWAY_STATUSES.has(response.status) ? sessionMessages.serverDown : genericMessages.requestFailed;
    throw new ApiError(response.status, messageOf(body) ?? fallback, body);
  }
  return body as T;
}

/** How an upload's failure reads, when a feature's message differs from the generic ones. */
export interface UploadFailure {
  /** The message when the server does not answer, or answers a status `explains` does not accept. */
  message?: string;
  /** The statuses whose server message is shown as it is (default: every status). */
  explains?: (status: number) => boolean;
}

/**
 * A multipart write (a file upload) with the XSRF header (the JSON client sends JSON only). Errors as apiRequest's
 * (the server's message, else the generic one), unless `failure` says otherwise.
 */
export async function apiUpload<T>(path: string, form: FormData, failure: UploadFailure = {}): Promise<T> {
  const token = readCookie(XSRF_COOKIE) || lastKnownXsrfToken;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\/+/, '')}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(token ? { [XSRF_HEADER]: token } : {}) },
    });
  } catch {
    throw new ApiError(0, failure.message ?? sessionMessages.serverDown);
  }
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) notifyUnauthorized();
    const explained = (failure.explains?.(response.status) ?? true) ? messageOf(body) : undefined;
    throw new ApiError(response.status, explained ?? failure.message ?? genericMessages.requestFailed, body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
