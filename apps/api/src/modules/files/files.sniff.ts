import { AppError } from '../../lib/errors.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const filesTexts = {
  /** Spec 1 (scan upload) and spec 2: XLS is refused, only XLSX or CSV are read. */
  xlsRefused: 'Arquivos XLS não são suportados; envie o arquivo em XLSX ou CSV',
  tooLarge: (maxBytes: number) =>
    `O arquivo excede o tamanho máximo de ${
      maxBytes >= 1048576 ? `${(Math.round((maxBytes / 1048576) * 10) / 10).toLocaleString('pt-BR')} MB` : `${Math.ceil(maxBytes / 1024)} KB`
    }`,
  typeRefused: 'Tipo de arquivo não permitido',
  fileNotFound: 'Arquivo não encontrado',
};

/** Bytes the sniffer needs (a zip's first entry names, a text's first line). */
export const SNIFF_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** OLE2 compound file: the legacy XLS (Excel 97-2003). */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Spec 2 §5: a legacy XLS, by its name or by its content whatever the name says (the uploads that read a sheet or text). */
export const isLegacyXls = (name: string, head: Buffer) => /\.xls$/i.test(name) || startsWith(head, OLE2);

/**
 * The content type of a file from its first bytes (decision 9: types are checked by content, never by the
 * name or the client's claim). The legacy XLS (an OLE2 compound file) is refused with the spec's message.
 */
export function sniffContentType(head: Buffer, name = ''): string {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, OLE2)) throw new AppError('unsupportedMediaType', filesTexts.xlsRefused);
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    // An XLSX is a zip whose entries are [Content_Types].xml and xl/…; the names sit in the local headers.
    const text = head.toString('latin1');
    return text.includes('xl/') || (text.includes('[Content_Types].xml') && /\.xlsx$/i.test(name)) ? XLSX_TYPE : 'application/zip';
  }
  if (isText(head)) return /\.csv$/i.test(name) ? 'text/csv' : 'text/plain';
  return 'application/octet-stream';
}

/** No NUL and no control bytes but tab/CR/LF/FF: UTF-8 or Latin-1 text (CSV exports of old spreadsheets are Latin-1). */
function isText(head: Buffer) {
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  return true;
}
