/**
 * The member's documents (spec 1 §2 tab Documentos [8], §3 "Document", §5 scan modal and upload, §7 scan upload
 * and `GET user/doc/{scanId or key}`; decision 9): the child row `documentos` saved with the member, the scan
 * modal's form, the upload's reply and the two calls.
 */
import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { genericMessages as m } from '../messages.js';
import { safeText } from '../validation.js';

export const memberDocumentMessages = {
  /** Spec 1 §8 "Upload failure". */
  uploadFailed: 'Não foi possível enviar o arquivo, por favor tente novamente',
  /** Spec 1 §5: XLS is refused, only XLSX or CSV are read (the file store's sniffer answers the same text). */
  xlsRefused: 'Arquivos XLS não são suportados; envie o arquivo em XLSX ou CSV',
  // Ours (the spec is silent)
  /** A row's key that is not an upload of this user waiting to be attached. */
  uploadNotFound: 'Documento enviado não encontrado ou já anexado; envie o arquivo novamente',
  documentNotFound: 'Documento não encontrado',
  invalidKey: 'Documento inválido',
  /** Issue 22 item 9: one user's uploads per minute and the size of their uploads not yet saved are bounded (429). */
  uploadRateExceeded: (perMinute: number) => `Limite de ${perMinute} envios de documentos por minuto atingido; aguarde um minuto e tente novamente`,
  pendingQuotaExceeded: (megabytes: number) =>
    `Limite de ${megabytes.toLocaleString('pt-BR')} MB de documentos enviados e ainda não salvos atingido; salve o associado ou aguarde e tente novamente`,
} as const;

/** Description of a document: at least 5 characters (spec 1 §5 scan modal), at most 200. */
export const DOCUMENT_DESCRIPTION_MIN = 5;
export const DOCUMENT_DESCRIPTION_MAX = 200;
/** What the scan modal and the upload accept (decision 9: checked again by content on the server). */
export const documentAcceptedTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const descriptionField = () =>
  safeText({ error: m.required })
    .trim()
    .min(DOCUMENT_DESCRIPTION_MIN, m.minLength(DOCUMENT_DESCRIPTION_MIN))
    .max(DOCUMENT_DESCRIPTION_MAX, m.maxLength(DOCUMENT_DESCRIPTION_MAX));

/**
 * One document row (spec 1 §3: scanId, key, created, createdBy, description, filesize, operation). A new row
 * carries the key answered by the upload and no scanId; created, createdBy, filesize and mimeType are the
 * server's (shown, never written from the body).
 */
export const memberDocumentItemSchema = z.object({
  /** The child row's marker (member.schema.ts childOperations; not imported: member.schema.ts imports this file). */
  operation: z.enum(['insert', 'update', 'delete', 'none'], { error: m.oneOf }),
  /** Absent (or negative) for a row not saved yet. */
  scanId: z.number({ error: m.oneOf }).int({ error: m.oneOf }).optional(),
  /** The stored file's key (the upload's reply). */
  key: safeText({ error: m.required }).trim().min(1, m.required).regex(UUID, memberDocumentMessages.invalidKey),
  /** ISO date-time of the upload. */
  created: z.string().nullable().optional(),
  /** Name of the user who added it. */
  createdBy: z.string().nullable().optional(),
  description: descriptionField(),
  /** Bytes. */
  filesize: z.number().int().min(0).nullable().optional(),
  mimeType: z.string().nullable().optional(),
});
export type MemberDocumentItem = z.output<typeof memberDocumentItemSchema>;
export type MemberDocumentInput = z.input<typeof memberDocumentItemSchema>;

/** The upload's reply (spec 1 §7 "Scan upload": JSON with status and key). */
export const documentUploadReplySchema = z.object({
  status: z.literal('ok'),
  key: z.string(),
  filesize: z.number().int(),
  mimeType: z.string(),
  created: z.string(),
  /** The uploader's name (the Usuário column of the new row). */
  createdBy: z.string(),
});
export type DocumentUploadReply = z.output<typeof documentUploadReplySchema>;

/** `scanId` (digits) or `key` (the file's uuid). */
export const documentKeyParamsSchema = z.object({
  key: z
    .string()
    .max(36, memberDocumentMessages.invalidKey)
    .refine((v) => /^\d{1,9}$/.test(v) || UUID.test(v), memberDocumentMessages.invalidKey),
});

export const documentDownloadQuerySchema = z.object({
  /** 1: Content-Disposition attachment (download); otherwise inline (opened in a new tab). */
  download: z.enum(['0', '1'], { error: m.oneOf }).optional(),
});

const tags = ['associado-documentos'];

export const memberDocumentContracts = {
  upload: defineContract({
    method: 'POST',
    path: '/user/doc',
    reply: documentUploadReplySchema,
    status: 201,
    access: { roles: ['v2docnew'] },
    summary:
      'Envio de documento digitalizado (multipart, arquivo `arquivo`: PDF, PNG ou JPEG, conferido pelo conteúdo): responde a chave que a linha de `documentos` leva ao salvar o associado',
    tags,
  }),
  download: defineContract({
    method: 'GET',
    path: '/user/doc/:key',
    params: documentKeyParamsSchema,
    query: documentDownloadQuerySchema,
    reply: binaryReply,
    access: { roles: ['v2docview', 'v2docnew'] },
    summary: 'Documento do associado por scanId ou chave (ver documentos; um envio ainda não anexado só para quem o enviou)',
    tags,
  }),
};
