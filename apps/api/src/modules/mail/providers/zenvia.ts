import { messageProviderMessages as m } from '@assoc/domain';
import { clip, commonFailure, isAnswer, postJson, providerNumber, type MessageProvider, type SendResult } from './provider.js';

export interface ZenviaOptions {
  baseUrl: string;
  token: string;
  /** The sender id of the account's SMS channel (`from`). */
  sender: string;
  timeoutMs: number;
}

/** Zenvia's error body: `{ code, message, details?: [{ code, path, message }] }`. */
interface ZenviaError {
  code?: unknown;
  message?: unknown;
  description?: unknown;
  details?: { code?: unknown; path?: unknown; message?: unknown }[];
}

function reasonOf(body: unknown): { code: string | null; reason: string | null } {
  if (!body || typeof body !== 'object') return { code: null, reason: null };
  const error = body as ZenviaError;
  const main = typeof error.message === 'string' ? error.message : typeof error.description === 'string' ? error.description : null;
  const details = Array.isArray(error.details)
    ? error.details
        .map((d) => [typeof d.path === 'string' ? d.path : null, typeof d.message === 'string' ? d.message : null].filter(Boolean).join(': '))
        .filter(Boolean)
    : [];
  const reason = [main, ...details].filter(Boolean).join(' — ') || null;
  return { code: error.code == null ? null : String(error.code), reason: reason && clip(reason) };
}

/**
 * SMS through Zenvia's API v2 (https://zenvia.github.io/zenvia-openapi-spec/v2/): `POST /v2/channels/sms/messages`
 * with `X-API-TOKEN`, body `{ from, to, contents: [{ type: 'text', text }] }`; 200/201 answer the message with its
 * `id`; 400/422 a validation error (`code`, `message`, `details`) that no retry mends; 429 (Retry-After) and 5xx are
 * tried again.
 */
export function createZenviaProvider(options: ZenviaOptions): MessageProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v2/channels/sms/messages`;
  return {
    name: 'zenvia',
    channel: 'sms',
    async send(message): Promise<SendResult> {
      const answer = await postJson(
        url,
        { 'X-API-TOKEN': options.token },
        { from: options.sender, to: providerNumber(message.to), contents: [{ type: 'text', text: message.text }] },
        options.timeoutMs,
      );
      if (!isAnswer(answer)) return answer;
      if (answer.status === 200 || answer.status === 201) {
        const id = (answer.body as { id?: unknown } | null)?.id;
        return { outcome: 'accepted', httpStatus: answer.status, providerMessageId: typeof id === 'string' ? id : null };
      }
      const { code, reason } = reasonOf(answer.body);
      const common = commonFailure(answer, code, reason);
      if (common) return common;
      // 400, 422 and any other 4xx: the message as written will never be taken.
      return { outcome: 'rejected', httpStatus: answer.status, code, reason: reason ?? m.unexpected(answer.status) };
    },
  };
}
