import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { runPosting } from '../../modules/postings/postings.job.js';
import { createPostingsRepository, type PostingLine } from '../../modules/postings/postings.repository.js';
import { seedLedgerService } from './ledger.seed.js';

/** Demo phones of the phone mode (docs/POSTINGS.md): one member's mobile, and a number two members share. */
export const DEMO_PHONE_ONE = '11955500001';
export const DEMO_PHONE_SHARED = '11955500002';
/** The demo batch's job id (postings.job_id): fixed, so a re-seed names the same batch. */
const DEMO_POSTING_JOB = '00000000-0000-4000-8000-000000000025';
const DEMO_POSTING_KEY = 'seed:demo-posting';

/**
 * The postings' demo (issue 24 item 1), after seedCharges (the open period is the current month): the mobile numbers
 * of the phone mode (the generator's own numbers are 9[6-9]…, so these never collide), and one batch of the instalment
 * service "Aparelho celular parcelado" posted by the product's own job code (`runPosting`): four rows in 3
 * instalments, one of them a dependent's, so a statement shows "… — Parcela 1/3" in the open period and the next two
 * closings find their instalments in `posting_instalments`. At any SEED_SCALE (the first living people by id).
 */
export async function seedPostings(db: Db, log: (line: string) => void = () => {}) {
  const { rows: people } = await db.execute<{ cstId: number; holderId: number; holder: boolean }>(sql`
    select c.cst_id as "cstId", coalesce(c.parent_id, c.cst_id) as "holderId", c.parent_id is null as holder
    from customers c left join customers h on h.cst_id = c.parent_id
    where c.cust_deceased is null and c.cust_assoc_situacao is distinct from 5
      and (h.cst_id is null or (h.cust_deceased is null and h.cust_assoc_situacao is distinct from 5))
    order by c.cst_id limit 400`);
  const holders = people.filter((p) => p.holder);
  const dependent = people.find((p) => !p.holder);
  if (holders.length < 6 || !dependent) throw new Error('seedPostings: poucos associados para a demonstração');
  const [one, shared1, shared2] = holders.slice(3, 6) as [(typeof holders)[0], (typeof holders)[0], (typeof holders)[0]];
  const setPhone = (cstId: number, phone: string) =>
    db.execute(sql`update customers set cust_celular_ddd = ${phone.slice(0, 2)}, cust_celular = ${phone.slice(2)} where cst_id = ${cstId}`);
  await setPhone(one.cstId, DEMO_PHONE_ONE);
  await setPhone(shared1.cstId, DEMO_PHONE_SHARED);
  await setPhone(shared2.cstId, DEMO_PHONE_SHARED);

  const { rows: services } = await db.execute<{ svcId: number }>(
    sql`select svc_id as "svcId" from services where svc_name = 'Aparelho celular parcelado'`,
  );
  const user = await db.execute<{ userId: number; name: string }>(
    sql`select user_id as "userId", name from users order by (cpf = '33366699957') desc, user_id limit 1`,
  );
  const svcId = services[0]?.svcId;
  const creator = user.rows[0];
  if (svcId === undefined || !creator) throw new Error('seedPostings: serviço ou usuário ausente (seedServices e seedAccess antes)');
  const rowsOf = [holders[0]!, holders[1]!, holders[2]!, dependent];
  const lines: PostingLine[] = rowsOf.map((p, i) => ({ i, cstId: p.holderId, respId: p.cstId, value: 89_990 + i * 10_000, parcelas: 3 }));
  const repo = createPostingsRepository();
  const lanId = await db.transaction((tx) =>
    repo.insertBatch(tx, {
      svcId,
      mode: 'padrao',
      lines,
      total: lines.reduce((s, l) => s + l.value, 0),
      jobId: DEMO_POSTING_JOB,
      key: DEMO_POSTING_KEY,
      userId: creator.userId,
      userName: creator.name,
    }),
  );
  await runPosting({ jobId: DEMO_POSTING_JOB, userId: creator.userId, db, progress: async () => {} }, { repo, ledger: seedLedgerService(db) }, lanId);
  await db.execute(sql`delete from job_chunks where job_id = ${DEMO_POSTING_JOB}`);
  log(`Lançamentos: 1 lote de ${lines.length} linhas em 3 parcelas; telefones de demonstração ${DEMO_PHONE_ONE} e ${DEMO_PHONE_SHARED}`);
}
