import { messageProviderMessages as m, type WhatsappTemplate } from '@assoc/domain';

/** One SMS or WhatsApp message as an adapter sends it: the number in E.164 (+55…), the text, the template. */
export interface OutgoingMessage {
  /** The outbox row (adapters may pass it on as their own reference). */
  id: number;
  channel: 'sms' | 'whatsapp';
  to: string;
  text: string;
  template: WhatsappTemplate | null;
}

/** What the provider answered, mapped from its documented HTTP answers. */
export type SendResult =
  | { outcome: 'accepted'; httpStatus: number; providerMessageId: string | null }
  | { outcome: 'rejected'; httpStatus: number | null; code: string | null; reason: string }
  | {
      outcome: 'rate-limited' | 'temporary';
      httpStatus: number | null;
      code: string | null;
      reason: string;
      /** Retry-After, when the provider sent one: the next attempt waits at least this long. */
      retryAfterSeconds: number | null;
    };

/** A provider adapter behind one interface (decision 10); chosen by SMS_PROVIDER / WHATSAPP_PROVIDER. */
export interface MessageProvider {
  /** The configuration's name ('zenvia', 'meta'), kept on the outbox row. */
  readonly name: string;
  readonly channel: 'sms' | 'whatsapp';
  /** Never throws: a network failure or a time-out is a `temporary` answer. */
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** The number as both providers take it: country code and digits, no '+' (Zenvia's and Meta's examples). */
export const providerNumber = (e164: string) => e164.replace(/^\+/, '');

/** Retry-After in seconds (a delay or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, or null when it was not JSON. */
  body: unknown;
  text: string;
}

/** POSTs JSON and reads the answer; a network error or time-out comes back as a `temporary` result instead. */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<JsonAnswer | SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const detail = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return {
      outcome: 'temporary',
      httpStatus: null,
      code: null,
      reason: timedOut ? m.timeout : m.noAnswer(detail),
      retryAfterSeconds: null,
    };
  }
}

export const isAnswer = (value: JsonAnswer | SendResult): value is JsonAnswer => !('outcome' in value);

/** The answers every provider shares: 429 with Retry-After, 5xx temporary, 401/403 a configuration problem (retried). */
export function commonFailure(answer: JsonAnswer, code: string | null, reason: string | null): SendResult | null {
  const retryAfter = retryAfterSeconds(answer.headers.get('retry-after'));
  if (answer.status === 429) {
    return { outcome: 'rate-limited', httpStatus: 429, code, reason: reason ?? m.unexpected(429), retryAfterSeconds: retryAfter };
  }
  if (answer.status >= 500) {
    return { outcome: 'temporary', httpStatus: answer.status, code, reason: reason ?? m.unexpected(answer.status), retryAfterSeconds: retryAfter };
  }
  // A wrong or expired token is fixed in the configuration, not in the message: keep trying within the attempts.
  if (answer.status === 401 || answer.status === 403) {
    return {
      outcome: 'temporary',
      httpStatus: answer.status,
      code,
      reason: reason ? `${m.unauthorized(answer.status)} — ${reason}` : m.unauthorized(answer.status),
      retryAfterSeconds: null,
    };
  }
  return null;
}

/** Text of at most `max` characters for the outbox (providers' messages can be long). */
export const clip = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
