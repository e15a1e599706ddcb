import { buildCnj, type ProcessImport } from '@assoc/domain';

/** A tiny valid PDF (the file store checks the type by content). */
export const testPdf = (text = 'processo') => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

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
