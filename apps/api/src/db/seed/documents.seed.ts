import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { DOCUMENT_OWNER_KIND } from '../../modules/member-documents/member-documents.service.js';
import { textPdf } from '../../modules/process/process.pdf.js';
import { demoProfiles } from './access.seed.js';

/** The kinds of demo document: description, file name and how its bytes are made (PDF text or a small JPEG). */
const KINDS: readonly { description: string; name: string; pdf?: readonly string[] }[] = [
  { description: 'Cópia do RG', name: 'rg.pdf', pdf: ['Registro Geral — cópia digitalizada (frente e verso).', 'Documento de demonstração.'] },
  {
    description: 'Comprovante de residência',
    name: 'comprovante-residencia.pdf',
    pdf: ['Conta de consumo em nome do associado, emitida nos últimos três meses.', 'Documento de demonstração.'],
  },
  {
    description: 'Certidão de casamento',
    name: 'certidao-casamento.pdf',
    pdf: ['Certidão de casamento — inteiro teor.', 'Documento de demonstração.'],
  },
  { description: 'Contracheque', name: 'contracheque.pdf', pdf: ['Demonstrativo de pagamento mensal do tribunal.', 'Documento de demonstração.'] },
  { description: 'Carteira funcional (foto)', name: 'carteira-funcional.jpg' },
];

/** A small "scanned card" JPEG (a few hundred bytes). */
async function cardJpeg() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="#e7f5ff"/>
    <rect x="8" y="8" width="40" height="52" fill="#adb5bd"/><rect x="56" y="14" width="90" height="8" fill="#495057"/>
    <rect x="56" y="32" width="70" height="6" fill="#868e96"/><rect x="56" y="46" width="80" height="6" fill="#868e96"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 60 }).toBuffer();
}

/** A deterministic uuid for the document `n` of a member: seeding again finds the same rows. */
function idOf(cstId: number, n: number) {
  const h = crypto.createHash('sha256').update(`documento-demo:${cstId}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small deterministic hash of an integer (for picking members, kinds and dates without Math.random). */
const mix = (x: number) => {
  let h = Math.imul(x ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** How many members' documents are written to the store at the same time. */
const PARALLEL = 16;

/**
 * Demo documents (Documentos tab): about 3 % of the holders — always the first five holders and the portal's demo
 * member — get 1 to 3 documents (PDFs and one small JPEG) uploaded by the demo attendance user within the last two
 * years, stored as `POST user/doc` stores them (the bytes in the file store, a `files` row, its `member-document`
 * link, an attached `member_documents` row). Each document has its own file (a member's deleted document keeps
 * it), the bytes of a kind are generated once. Deterministic; a second run adds nothing.
 */
export async function seedDocuments(db: Db, store: BlobStore, opts: { portalCstId?: number; log?: (line: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const staff = demoProfiles.find((p) => p.key === 'atendimento')!.user;
  const { rows: staffRows } = await db.execute<{ userId: number; name: string }>(
    sql`select user_id as "userId", name from users where cpf = ${staff.cpf}`,
  );
  const uploader = staffRows[0] ?? { userId: null, name: staff.name };
  const { rows: holders } = await db.execute<{ cstId: number }>(sql`select cst_id as "cstId" from customers where parent_id is null order by cst_id`);
  const chosen = holders.filter((h, index) => index < 5 || h.cstId === opts.portalCstId || mix(h.cstId) % 100 < 3);

  const bytes = await Promise.all(KINDS.map(async (kind) => (kind.pdf ? textPdf(kind.description, kind.pdf) : await cardJpeg())));
  const now = Date.now();
  const DAY = 86_400_000;
  const documents = chosen.flatMap(({ cstId }) => {
    const count = 1 + (mix(cstId * 3) % 3);
    return Array.from({ length: count }, (_, n) => {
      const k = (mix(cstId * 7 + n) + n) % KINDS.length;
      const kind = KINDS[k]!;
      // Within the last two years, at office hours, older documents first.
      const day = Math.floor(now / DAY) - 1 - (mix(cstId * 11 + n) % 730);
      const created = new Date(day * DAY + (12 + (mix(cstId + n) % 8)) * 3_600_000);
      return { id: idOf(cstId, n), cstId, kind, data: bytes[k]!, created };
    });
  });

  const { rows: existing } = await db.execute<{ id: string }>(sql`select file_id::text as id from member_documents where cst_id is not null`);
  const known = new Set(existing.map((r) => r.id));
  const missing = documents.filter((d) => !known.has(d.id));
  const stored: { id: string; size: number; sha256: string; key: string }[] = [];
  for (let i = 0; i < missing.length; i += PARALLEL) {
    const batch = missing.slice(i, i + PARALLEL);
    stored.push(
      ...(await Promise.all(
        batch.map(async (d) => {
          const put = await store.put(d.id, Readable.from([d.data]));
          return { id: d.id, size: put.size, sha256: put.sha256, key: put.key };
        }),
      )),
    );
  }
  const byId = new Map(stored.map((s) => [s.id, s]));
  for (let i = 0; i < missing.length; i += 500) {
    const batch = missing.slice(i, i + 500);
    const files = sql.join(
      batch.map((d) => {
        const s = byId.get(d.id)!;
        const mime = d.kind.pdf ? 'application/pdf' : 'image/jpeg';
        return sql`(${d.id}::uuid, ${d.kind.name}, ${mime}, ${s.size}, ${s.sha256}, ${s.key}, ${uploader.userId}, ${d.created.toISOString()}::timestamptz)`;
      }),
      sql`, `,
    );
    await db.execute(
      sql`insert into files (id, name, mime_type, size, sha256, storage_key, created_by, created_at) values ${files} on conflict (id) do nothing`,
    );
    const links = sql.join(
      batch.map((d) => sql`(${DOCUMENT_OWNER_KIND}, ${d.id}, ${d.id}::uuid)`),
      sql`, `,
    );
    await db.execute(sql`insert into file_links (owner_kind, owner_id, file_id) values ${links} on conflict do nothing`);
    const rows = sql.join(
      batch.map((d) => {
        const s = byId.get(d.id)!;
        const mime = d.kind.pdf ? 'application/pdf' : 'image/jpeg';
        const at = d.created.toISOString();
        return sql`(${d.id}::uuid, ${d.cstId}, ${d.kind.description}, ${s.size}, ${mime}, ${uploader.userId}, ${uploader.name}, ${at}::timestamptz, ${at}::timestamptz)`;
      }),
      sql`, `,
    );
    await db.execute(sql`insert into member_documents (file_id, cst_id, description, filesize, mime_type, created_by, created_by_name, created_at, attached_at)
      values ${rows} on conflict (file_id) do nothing`);
  }
  log(`Documentos de demonstração: ${documents.length} documentos de ${chosen.length} associados (${missing.length} novos)`);
}
