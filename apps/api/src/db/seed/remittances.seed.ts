import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { createFileService } from '../../modules/files/files.service.js';
import { createBankRemittanceRepository, type UnsentCharge } from '../../modules/bank-remittance/bank-remittance.repository.js';
import { createBankRemittanceService, type RemittanceConfig } from '../../modules/bank-remittance/bank-remittance.service.js';

/**
 * Demo remittances (issue 25), so /financeiro/remessa shows every status at any SEED_SCALE:
 * 1. the month before the latest locked one: its charges already have their returns (seedCharges), so its files are
 *    history — written with the same builders, their lines marked paid or rejected as the charges' returns say, with the
 *    catalogue's code and text;
 * 2. the charges still waiting for their return (the latest locked month's) go into files through the job's own code,
 *    started by the Financeiro demo user: lines with no return yet.
 */
export async function seedRemittances(db: Db, store: BlobStore, config: RemittanceConfig, log: (line: string) => void = () => {}) {
  const started = Date.now();
  const user = await db.execute<{ userId: number; name: string }>(
    sql`select user_id as "userId", name from users order by (cpf = '33366699957') desc, user_id limit 1`,
  );
  const actor = user.rows[0] ?? { userId: 0, name: 'Demonstração' };
  const repo = createBankRemittanceRepository();
  const files = createFileService({ db, store, maxBytes: 50 * 1024 * 1024 });
  const service = createBankRemittanceService({ db, repo, files, config });

  // The newest month of charges that already have their return.
  const history = await db.execute<{ month: string }>(sql`
    select to_char(max(cob_vencimento), 'YYYY-MM') as month from charges where cob_retorno is not null and rm_id is null`);
  const month = history.rows[0]?.month ?? null;
  let historyFiles = 0;
  if (month) {
    for (const place of service.places) {
      let stored: { discard(): Promise<void> } | null = null;
      await db
        .transaction(async (tx) => {
          const result = await tx.execute<UnsentCharge>(sql`
          select ch.cob_id as "cobId", ch.cst_id as "cstId", ch.cob_agencia as agency, ch.cob_conta as account,
                 ch.cob_conta_dv as "accountDigit", ch.cob_vencimento::text as "dueDate", ch.cob_valor as value, ch.fec_id as "fecId",
                 c.cust_cpf as cpf, c.cust_name as name, c.cust_numero_interno as "numeroInterno"
            from charges ch join customers c on c.cst_id = ch.cst_id
           where to_char(ch.cob_vencimento, 'YYYY-MM') = ${month} and ch.bnk_id = ${place.bnkId} and ch.rm_id is null and ch.cob_retorno is not null
           order by ch.cob_id`);
          const charges = result.rows.filter((c) => place.unfit(c) === null);
          if (charges.length === 0) return;
          const date = charges[0]!.dueDate.slice(0, 8) + '01';
          const { rmId } = await service.writeRemittance(tx, place, charges, { actor, jobId: null, date }, (file) => (stored = file));
          // Sent on the file's date, in the morning.
          await tx.execute(
            sql`update bank_remittances set created_at = (${date}::date + time '09:00') at time zone 'America/Sao_Paulo' where rm_id = ${rmId}`,
          );
          // What the bank answered, as the charges' returns say (their code in the catalogue).
          await tx.execute(sql`
          update bank_remittance_lines l
             set status = case when rc.cdr_paid then 'paid' when ch.cdr_cod_ret = 99 then 'written-off' else 'rejected' end,
                 ret_code = lpad(ch.cdr_cod_ret::text, 2, '0'), ret_description = rc.cdr_description, ret_date = ch.cob_retorno,
                 paid_value = case when rc.cdr_paid then ch.cob_valor end
            from charges ch join charge_return_codes rc on rc.cdr_cod_ret = ch.cdr_cod_ret
           where l.rm_id = ${rmId} and ch.cob_id = l.cob_id`);
          historyFiles += 1;
        })
        .catch(async (error: unknown) => {
          await (stored as { discard(): Promise<void> } | null)?.discard();
          throw error;
        });
    }
  }

  const run = await service.generate({ actor, jobId: null });
  log(
    `Remessas: ${historyFiles} arquivo(s) com retorno, ${run.files.length} aguardando (${run.files.reduce((n, f) => n + f.records, 0)} cobranças) em ${Date.now() - started} ms`,
  );
}
