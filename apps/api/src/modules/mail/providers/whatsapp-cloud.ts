import { messageProviderMessages as m } from '@assoc/domain';
import { clip, commonFailure, isAnswer, postJson, providerNumber, retryAfterSeconds, type MessageProvider, type SendResult } from './provider.js';

export interface WhatsappCloudOptions {
  baseUrl: string;
  apiVersion: string;
  token: string;
  phoneNumberId: string;
  language: string;
  timeoutMs: number;
}

/**
 * Graph API error codes (developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes):
 * throughput and pair limits are tried again after the wait; service errors are temporary; token and permission
 * errors are the configuration's (tried again within the attempts while someone fixes it). Every other code — 132xxx
 * template errors, 131026 undeliverable, 131047 outside the 24-hour window, 100/131008/131009 bad parameters — is
 * final: sending the same message again gets the same answer.
 */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);
const TEMPORARY = new Set([1, 2, 131000, 131016, 133004]);
const CONFIGURATION = new Set([0, 3, 10, 190]);

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_subcode?: unknown; error_data?: { details?: unknown } };
}

/**
 * WhatsApp through Meta's Cloud API: `POST {base}/{version}/{phone-number-id}/messages` with a bearer token, a
 * template message (`type: 'template'`, the approved template's name, its language and one body parameter per
 * placeholder). 200 answers `messages[0].id` (wamid…); errors answer `{ error: { message, code, error_data } }`.
 */
export function createWhatsappCloudProvider(options: WhatsappCloudOptions): MessageProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${options.apiVersion}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: 'meta',
    channel: 'whatsapp',
    async send(message): Promise<SendResult> {
      if (!message.template) return { outcome: 'rejected', httpStatus: null, code: null, reason: m.noTemplate };
      const { name, parameters } = message.template;
      const answer = await postJson(
        url,
        { Authorization: `Bearer ${options.token}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: providerNumber(message.to),
          type: 'template',
          template: {
            name,
            language: { code: options.language },
            ...(parameters.length > 0 ? { components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] } : {}),
          },
        },
        options.timeoutMs,
      );
      if (!isAnswer(answer)) return answer;
      if (answer.status >= 200 && answer.status < 300) {
        const id = (answer.body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
        return { outcome: 'accepted', httpStatus: answer.status, providerMessageId: typeof id === 'string' ? id : null };
      }
      const error = (answer.body as GraphError | null)?.error;
      const numeric = typeof error?.code === 'number' ? error.code : Number(error?.code);
      const code = error?.code == null ? null : String(error.code);
      const details = typeof error?.error_data?.details === 'string' ? error.error_data.details : null;
      const text = [typeof error?.message === 'string' ? error.message : null, details].filter(Boolean).join(' — ');
      const reason = text ? clip(text) : null;
      const retryAfter = retryAfterSeconds(answer.headers.get('retry-after'));
      if (RATE_LIMITED.has(numeric)) {
        return {
          outcome: 'rate-limited',
          httpStatus: answer.status,
          code,
          reason: reason ?? m.unexpected(answer.status),
          retryAfterSeconds: retryAfter,
        };
      }
      if (TEMPORARY.has(numeric)) {
        return {
          outcome: 'temporary',
          httpStatus: answer.status,
          code,
          reason: reason ?? m.unexpected(answer.status),
          retryAfterSeconds: retryAfter,
        };
      }
      if (CONFIGURATION.has(numeric) || (numeric >= 200 && numeric <= 299)) {
        const status = answer.status === 401 || answer.status === 403 ? answer.status : 401;
        return {
          outcome: 'temporary',
          httpStatus: answer.status,
          code,
          reason: reason ? `${m.unauthorized(status)} — ${reason}` : m.unauthorized(status),
          retryAfterSeconds: null,
        };
      }
      const common = commonFailure(answer, code, reason);
      if (common) return common;
      return { outcome: 'rejected', httpStatus: answer.status, code, reason: reason ?? m.unexpected(answer.status) };
    },
  };
}
