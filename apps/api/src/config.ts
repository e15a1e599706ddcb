import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { invalidCidrs, parseTrustProxy } from './lib/network.js';

/** Repository root: src/ and dist/ both sit two levels below apps/api. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const configSchema = z
  .object({
    /**
     * 'production' on a real deployment: it forbids the demo seed. Unset means a developer's machine
     * (`npm install && npm start` from a fresh clone), where the demo data is wanted; tests set 'test'.
     */
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number({ error: 'PORT: número de porta (0 a 65535)' }).int().min(0).max(65535).default(5000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    /** External PostgreSQL; when empty the embedded one under DATA_DIR is used. */
    DATABASE_URL: z.string().optional(),
    /** Port of the embedded PostgreSQL. */
    PG_PORT: z.coerce.number({ error: 'PG_PORT: número de porta (1 a 65535)' }).int().min(1).max(65535).default(54329),
    /** 1 DESENV, 2 HOMOLOGA, 3 LOCAL TEST, 5 no real-time; anything else: production (no banner). */
    APP_ENV_MODE: z.coerce.number().int().default(0),
    /** Secret that signs the coded sign-in string; generated and kept under DATA_DIR when absent. */
    SESSION_SECRET: z.string().optional(),
    /**
     * Key (base64 of 32 bytes) that encrypts the authenticators' TOTP secrets in the database (AES-256-GCM);
     * generated once into DATA_DIR/totp-key when absent. Set it when several instances share one database.
     */
    TOTP_KEY: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || Buffer.from(v, 'base64').length === 32, {
        message: 'TOTP_KEY deve ter 32 bytes em base64 (ex.: openssl rand -base64 32)',
      }),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    /** Comma-separated CIDRs considered "inside" (decision 3). */
    TRUSTED_NETWORKS: z
      .string()
      .default('127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7')
      .superRefine((v, ctx) => {
        for (const entry of invalidCidrs(v)) ctx.addIssue({ code: 'custom', message: `"${entry}" não é um endereço nem um CIDR (ex.: 10.0.0.0/8)` });
      }),
    /**
     * Reverse proxies whose X-Forwarded-For is believed: comma-separated addresses/CIDRs, or a hop count.
     * Empty (default): trust none. The client is the right-most address not in the list (issue 8 §1).
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .refine((v) => !/^\s*true\s*$/i.test(v), {
        message:
          'TRUST_PROXY=true não é mais aceito (qualquer cliente forjaria o endereço): liste os endereços ou CIDRs dos proxies reversos, ex.: TRUST_PROXY=127.0.0.1,10.0.0.5',
      })
      .superRefine((v, ctx) => {
        // Checked here, before anything is created (issue 22 item 12), not when the app is built.
        if (/^\s*true\s*$/i.test(v)) return;
        try {
          parseTrustProxy(v);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^TRUST_PROXY: /, '') });
        }
      }),
    /** Failed sign-ins per CPF (from any address) within the window before 429. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    /** Failed sign-ins per address (across CPFs: password spraying) within the window before 429. */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
    LOGIN_SLOW_AFTER: z.coerce.number().int().positive().default(3),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    /** Absolute lifetime of a session, however active (issue 8 §7). */
    SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
    // Dashboard weather (decision 11): CEP -> city (CEP_URL) -> coordinates (GEOCODE_URL) -> forecast (WEATHER_URL),
    // all fetched by the server within WEATHER_TIMEOUT_MS in total and cached in lookup_cache.
    /** ViaCEP-compatible address service: GET {CEP_URL}/{cep}/json/ answers {localidade, uf} or {erro: true}. */
    CEP_URL: z.string().default('https://viacep.com.br/ws'),
    /** Time allowed for one address lookup (GET cep/{cep}, decision 11); beyond it the reply is 503. */
    CEP_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** Print queue (issue 11): IPP address of printer 1 (HP500), `ipp://host:631/ipp/print` or `http(s)://…/ipp/print`; empty = jobs stay queued. */
    PRINTER_1_URL: z
      .string()
      .regex(/^$|^(ipps?|https?):\/\/\S+$/, 'PRINTER_1_URL: ipp:// ou http(s):// URL')
      .default(''),
    /** Same for printer 2 (Brother). */
    PRINTER_2_URL: z
      .string()
      .regex(/^$|^(ipps?|https?):\/\/\S+$/, 'PRINTER_2_URL: ipp:// ou http(s):// URL')
      .default(''),
    /** Open-Meteo-compatible geocoder: GET {GEOCODE_URL}?name=&count=&language=pt&countryCode=BR answers {results: [{latitude, longitude, admin1}]}. */
    GEOCODE_URL: z.string().default('https://geocoding-api.open-meteo.com/v1/search'),
    /** Open-Meteo-compatible forecast: GET {WEATHER_URL}?latitude=&longitude=&current=temperature_2m,weather_code&daily=temperature_2m_max,temperature_2m_min&timezone=America/Sao_Paulo. */
    WEATHER_URL: z.string().default('https://api.open-meteo.com/v1/forecast'),
    /** Budget for the whole upstream chain of one weather request; beyond it the reply is 503. */
    WEATHER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** How long a CEP's weather is served from the cache (the CEP's coordinates are kept for 30 days). */
    WEATHER_CACHE_MINUTES: z.coerce.number().int().positive().default(30),
    // Member address map, the 'Mapa' dialog (decision 11): coordinates through the server, tiles straight from the browser.
    /** Nominatim-compatible geocoder: GET {MAP_GEOCODE_URL}?format=jsonv2&street=&city=&state=&postalcode=&countrycodes=br answers [{lat, lon}]. */
    MAP_GEOCODE_URL: z.string().default('https://nominatim.openstreetmap.org/search'),
    /** Time allowed for one coordinates lookup (GET geo/coordenadas); beyond it the reply is 503. */
    MAP_GEOCODE_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** User-Agent sent to the geocoder (Nominatim's usage policy asks for one naming the application); default names this app and PUBLIC_URL. */
    MAP_GEOCODE_USER_AGENT: z.string().optional(),
    /**
     * Least time between two requests to the geocoder from this instance; default 1000 for the public Nominatim (its
     * usage policy: at most one request per second), 0 for any other geocoder.
     */
    MAP_GEOCODE_MIN_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /** Tile server template of the map ({z}/{x}/{y}, optional {s}); its host is allowed in the CSP's img-src. */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/, 'MAP_TILE_URL: http(s):// URL com {z}, {x} e {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Attribution shown on the map (HTML), as the tile server's licence requires. */
    MAP_TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
    /** 'memory': the member search answers from an in-process index kept current by the database's change feed; 'sql': always from SQL. */
    SEARCH_INDEX: z.enum(['memory', 'sql']).default('memory'),
    ASSOCIATION_NAME: z.string().default('Associação dos Magistrados'),
    ASSOCIATION_SHORT_NAME: z.string().default('ASSOC'),
    /** The association's logo (PNG or JPEG file) printed on documents; without it, none. */
    ASSOCIATION_LOGO_FILE: z.string().optional(),
    // Boletos (issue 14): the collecting bank and the beneficiary printed on them (BANKING-AND-HEALTH §2).
    /** '001' Banco do Brasil (convênio of 7 digits, wallet 17) or '033' Santander (beneficiary code of 7 digits, wallet 101). */
    BOLETO_BANK: z.enum(['001', '033']).default('001'),
    /** BB convênio / Santander código do beneficiário, 7 digits (the default is a documented test agreement). */
    BOLETO_AGREEMENT: z
      .string()
      .regex(/^\d{7}$/, 'BOLETO_AGREEMENT: 7 dígitos')
      .default('1474166'),
    /** Wallet (carteira): default 17 for BB, 101 for Santander. */
    BOLETO_WALLET: z
      .string()
      .regex(/^\d{2,3}$/, 'BOLETO_WALLET: 2 ou 3 dígitos')
      .optional(),
    /** Beneficiary printed on the boleto (default ASSOCIATION_NAME), its CNPJ (14 digits) and 'Agência / Código do beneficiário'. */
    BOLETO_BENEFICIARY_NAME: z.string().optional(),
    BOLETO_BENEFICIARY_CNPJ: z
      .string()
      .regex(/^\d{14}$/, 'BOLETO_BENEFICIARY_CNPJ: 14 dígitos')
      .default('11222333000181'),
    BOLETO_AGENCY_CODE: z.string().max(30).default('0001-9 / 1474166'),
    /** The beneficiary's branch and account at the boleto bank, written in the CNAB 240 registration (agency-digit, account-digit). */
    BOLETO_BRANCH: z
      .string()
      .regex(/^\d{1,5}-[\dxX]$/, 'BOLETO_BRANCH: agência-dígito')
      .default('0001-9'),
    BOLETO_ACCOUNT: z
      .string()
      .regex(/^\d{1,12}-[\dxX]$/, 'BOLETO_ACCOUNT: conta-dígito')
      .default('12345-6'),
    /** Santander only: the código de transmissão of the CNAB 240 registration (15 digits). */
    BOLETO_TRANSMISSION_CODE: z
      .string()
      .regex(/^\d{15}$/, 'BOLETO_TRANSMISSION_CODE: 15 dígitos')
      .default('000100001474166'),
    // Bank files (issue 25, docs/BANK-FILES.md): the agreements the remittances are written for. Defaults are test values.
    /** CNAB 150 direct debit: the convênio (A03) of Banco do Brasil (channel 2), Santander (1) and Magiscred (18). */
    DEBIT_BB_AGREEMENT: z
      .string()
      .regex(/^\d{1,20}$/, 'DEBIT_BB_AGREEMENT: até 20 dígitos')
      .default('123456'),
    /** BB's test marker ('TESTE' in A 146-150) until the bank homologates the files. */
    DEBIT_BB_TEST: z.enum(['true', 'false']).default('true'),
    DEBIT_SANTANDER_AGREEMENT: z
      .string()
      .regex(/^\d{1,20}$/, 'DEBIT_SANTANDER_AGREEMENT: até 20 dígitos')
      .default('654321'),
    DEBIT_MAGISCRED_AGREEMENT: z
      .string()
      .regex(/^\d{1,20}$/, 'DEBIT_MAGISCRED_AGREEMENT: até 20 dígitos')
      .default('777'),
    /** The clearing bank's code that carries Magiscred's files (FEBRABAN v05). */
    DEBIT_MAGISCRED_BANK_CODE: z
      .string()
      .regex(/^\d{3}$/, 'DEBIT_MAGISCRED_BANK_CODE: 3 dígitos')
      .default('756'),
    /** Channel 10: our code at the paying body's payroll office (docs/BANK-FILES.md, payroll layout). */
    PAYROLL_AGREEMENT: z
      .string()
      .regex(/^\d{1,20}$/, 'PAYROLL_AGREEMENT: até 20 dígitos')
      .default('1'),
    /** Line terminator of the files written: CRLF (FEBRABAN), LF or none. */
    BANK_FILE_TERMINATOR: z.enum(['CRLF', 'LF', 'none']).default('CRLF'),
    /**
     * Worker threads rendering document batches (renderMany of 8 or more; capped by the cores) and every edited template;
     * 0 renders the shipped templates' batches in-process and keeps one worker for the edited templates.
     */
    DOCUMENTS_WORKERS: z.coerce.number().int().min(0).default(2),
    /**
     * Limits of one render of an edited report template (and of each PDF of a pooled batch), in a worker thread: past
     * the time the worker is ended, past the memory (V8 old generation, per worker) it dies; either answers 422.
     */
    DOCUMENTS_RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).default(10_000),
    DOCUMENTS_RENDER_MEMORY_MB: z.coerce.number().int().min(32).default(256),
    /** The association's own CEP: the dashboard weather of staff who are not members. */
    ASSOCIATION_CEP: z
      .string()
      .regex(/^\d{8}$/)
      .default('01018010'),
    // E-mail outbox (decision 10): every message is written to the outbox table; a worker sends e-mails over SMTP.
    /** SMTP server, e.g. smtp://user:pass@host:587 or smtps://host:465; when empty e-mails stay pending in the outbox. */
    SMTP_URL: z.string().optional(),
    /** Sender of every e-mail. */
    MAIL_FROM: z.string().default('Associação <nao-responda@associacao.local>'),
    /** Attempts per e-mail before it is marked failed; the wait between attempts doubles from MAIL_RETRY_SECONDS. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
    /** How often the worker looks for pending e-mails. */
    MAIL_POLL_MS: z.coerce.number().int().positive().default(2000),
    // SMS and WhatsApp (decision 10): adapters chosen here; a channel without its provider keeps its messages pending in
    // the outbox. Same attempts and backoff as e-mail (MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS); docs/DEPLOYMENT.md §5.
    /** SMS adapter: 'zenvia' (Zenvia API v2, POST {SMS_BASE_URL}/v2/channels/sms/messages); empty = SMS stay pending. */
    SMS_PROVIDER: z.enum(['zenvia', '']).default(''),
    SMS_BASE_URL: z.string().url('SMS_BASE_URL: URL http(s)').default('https://api.zenvia.com'),
    /** Zenvia: the API token (X-API-TOKEN). */
    SMS_TOKEN: z.string().optional(),
    /** Zenvia: the sender id (`from`), the SMS channel's identifier of the account. */
    SMS_SENDER: z.string().optional(),
    /** WhatsApp adapter: 'meta' (WhatsApp Cloud API, template messages); empty = WhatsApp messages stay pending. */
    WHATSAPP_PROVIDER: z.enum(['meta', '']).default(''),
    WHATSAPP_BASE_URL: z.string().url('WHATSAPP_BASE_URL: URL http(s)').default('https://graph.facebook.com'),
    /** Graph API version in the path: POST {WHATSAPP_BASE_URL}/{version}/{phone-number-id}/messages. */
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION: ex.: v23.0')
      .default('v23.0'),
    /** The Cloud API's access token (a system user's permanent token), sent as Bearer. */
    WHATSAPP_TOKEN: z.string().optional(),
    /** The WhatsApp Business phone number id the messages leave from. */
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    /** Language of the approved templates. */
    WHATSAPP_LANGUAGE: z.string().default('pt_BR'),
    /** Time allowed for one provider request; past it the attempt counts as a temporary failure. */
    MESSAGE_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Address of the web app as users reach it, for links in e-mails (password reset). */
    PUBLIC_URL: z.string().default('http://127.0.0.1:5000'),
    /** Lifetime of a password-reset link. */
    RESET_CODE_MINUTES: z.coerce.number().int().positive().default(60),
    /** Password-reset requests allowed per CPF and address within LOGIN_WINDOW_MINUTES. */
    RESET_MAX_REQUESTS: z.coerce.number().int().positive().default(3),
    SEED_SCALE: z.coerce.number().int().positive().default(3000),
    /**
     * Seed the demo data (published password) on the first start: 'true'/'false'. Default: only with the
     * embedded database (no DATABASE_URL); never when NODE_ENV=production (see seedDemoEnabled).
     */
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    /** First start without demo data: CPF of the superadmin created (a random valid CPF, printed, when empty). */
    ADMIN_CPF: z.string().optional(),
    /** That superadmin's first password (changed at the first sign-in); without it a one-time password is printed once. */
    ADMIN_PASSWORD: z.string().optional(),
    /** Longest a statement of the app's pool may run before the database cancels it (the request answers 503). */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** The same bound for the background jobs' connections (pg-boss), whose queries may be long. */
    JOBS_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
    LOG_LEVEL: z.string().default('info'),
    /** Background jobs (pg-boss): run a worker in this process ('false' = only queue jobs). */
    JOBS_WORKER: z.enum(['true', 'false']).default('true'),
    /** Jobs run at once per process. */
    JOBS_CONCURRENCY: z.coerce.number().int().positive().default(4),
    /** A running job whose worker stops beating this long is retried (or failed after its retries). pg-boss needs >= 10. */
    JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
    /** How often crashed and expired jobs are looked for. */
    JOBS_SUPERVISE_SECONDS: z.coerce.number().int().positive().default(30),
    /** Retries of a failed job before it ends as failed (20). */
    JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).default(2),
    /** Largest file accepted by an upload, in MB (413 beyond it). */
    FILES_MAX_MB: z.coerce.number().positive().default(20),
    /** Digital process import (POST process/importar): the files of one request together, in MB (413 beyond it). */
    PROCESS_IMPORT_MAX_MB: z.coerce.number().positive().default(200),
    /** Files (process PDF and movement documents) in one import request (413 beyond it). */
    PROCESS_IMPORT_MAX_FILES: z.coerce.number().int().positive().default(50),
    /** Imports of one API key processed at once by one instance; more wait their turn. */
    PROCESS_IMPORT_ACTIVE_PER_KEY: z.coerce.number().int().positive().default(2),
    /** Imports of one API key waiting their turn on one instance; beyond them the import answers 429. */
    PROCESS_IMPORT_QUEUED_PER_KEY: z.coerce.number().int().min(0).default(20),
    /** A member document uploaded but never attached by a member save is removed after this many hours (issue 13). */
    DOCUMENT_UPLOAD_TTL_HOURS: z.coerce.number().positive().default(24),
    /** Member documents one user may upload per minute (429 beyond it; issue 22 item 9). */
    DOCUMENT_UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Total size, in MB, of one user's member documents uploaded and not yet attached by a member save (429 beyond it). */
    DOCUMENT_UPLOAD_PENDING_MB: z.coerce.number().positive().default(200),
    /** S3-compatible file store (AWS S3, MinIO…): set the endpoint (e.g. https://s3.sa-east-1.amazonaws.com) to use it instead of DATA_DIR/files. */
    FILES_S3_ENDPOINT: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    FILES_S3_BUCKET: z.string().optional(),
    FILES_S3_REGION: z.string().default('us-east-1'),
    FILES_S3_ACCESS_KEY: z.string().optional(),
    FILES_S3_SECRET_KEY: z.string().optional(),
  })
  .superRefine((config, ctx) => {
    // A provider named without its credentials would fail every message: stop the start instead.
    const needs: [keyof typeof config, boolean][] = [
      ['SMS_TOKEN', config.SMS_PROVIDER !== ''],
      ['SMS_SENDER', config.SMS_PROVIDER !== ''],
      ['WHATSAPP_TOKEN', config.WHATSAPP_PROVIDER !== ''],
      ['WHATSAPP_PHONE_NUMBER_ID', config.WHATSAPP_PROVIDER !== ''],
    ];
    for (const [name, needed] of needs) {
      if (needed && !config[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name}: obrigatório com ${name.startsWith('SMS') ? 'SMS_PROVIDER' : 'WHATSAPP_PROVIDER'}`,
        });
    }
  });

export type AppConfig = z.infer<typeof configSchema>;

/** Whether the first start seeds the demo data (issue 8 §3): asked, or by default with the embedded database; never in production. */
export function seedDemoEnabled(config: Pick<AppConfig, 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  if (config.NODE_ENV === 'production') return false;
  if (config.SEED_DEMO) return config.SEED_DEMO === 'true';
  return !config.DATABASE_URL;
}

/**
 * The configuration from the environment, checked whole before anything starts (issue 22 item 12): an invalid value
 * stops the start with one message naming each variable, before the data folder or the database is touched.
 */
export function loadConfig(overrides: Partial<Record<keyof AppConfig, unknown>> = {}): AppConfig {
  const parsed = configSchema.safeParse({ ...process.env, ...overrides });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return issue.message.startsWith(`${name}`) ? issue.message : `${name}: ${issue.message}`;
  });
  throw new Error(`Configuração inválida — ${problems.join('; ')}`);
}
