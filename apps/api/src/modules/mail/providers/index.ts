import type { AppConfig } from '../../../config.js';
import type { MessageProvider } from './provider.js';
import { createWhatsappCloudProvider } from './whatsapp-cloud.js';
import { createZenviaProvider } from './zenvia.js';

export type { MessageProvider, OutgoingMessage, SendResult } from './provider.js';

/** The adapters the configuration names (decision 10); a channel left out keeps its messages pending. */
export function createMessageProviders(config: AppConfig): Partial<Record<'sms' | 'whatsapp', MessageProvider>> {
  const providers: Partial<Record<'sms' | 'whatsapp', MessageProvider>> = {};
  if (config.SMS_PROVIDER === 'zenvia' && config.SMS_TOKEN && config.SMS_SENDER) {
    providers.sms = createZenviaProvider({
      baseUrl: config.SMS_BASE_URL,
      token: config.SMS_TOKEN,
      sender: config.SMS_SENDER,
      timeoutMs: config.MESSAGE_PROVIDER_TIMEOUT_MS,
    });
  }
  if (config.WHATSAPP_PROVIDER === 'meta' && config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID) {
    providers.whatsapp = createWhatsappCloudProvider({
      baseUrl: config.WHATSAPP_BASE_URL,
      apiVersion: config.WHATSAPP_API_VERSION,
      token: config.WHATSAPP_TOKEN,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      language: config.WHATSAPP_LANGUAGE,
      timeoutMs: config.MESSAGE_PROVIDER_TIMEOUT_MS,
    });
  }
  return providers;
}
