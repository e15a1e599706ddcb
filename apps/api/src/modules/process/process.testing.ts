import crypto from 'node:crypto';
import { buildCnj, type ProcessImport } from '@assoc/domain';

/** A tiny valid PDF (the file store checks the type by content). */
export const testPdf = (text = 'processo') => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  data?: Buffer;
}

/** A multipart/form-data body for inject (fields first, in the order given). */
export function multipartBody(parts: Part[]) {
  const boundary = `----assoc${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.data) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'arquivo.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let sequence = 1000;
/** A valid CNJ number (20 digits) not used before in this run. */
export const nextCnj = (year = 2021, segment = 8, court = 26) => buildCnj({ sequence: sequence++, year, segment, court, origin: 100 });

/** An import batch for a process with these movements. */
export function importBatch(numero: string, andamentos: ProcessImport['andamentos'] = [], fields: Partial<ProcessImport> = {}): ProcessImport {
  return {
    numero,
    tribunal: 'TJSP',
    classe: 'Procedimento Comum Cível',
    assunto: 'Indenização por Dano Material',
    partes: 'Autor: José Pereira; Réu: Município de Campinas',
    status: 'Em andamento',
    andamentos,
    ...fields,
  };
}
