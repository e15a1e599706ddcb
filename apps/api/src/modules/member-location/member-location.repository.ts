import { sql } from 'drizzle-orm';
import type { Workplace } from '@assoc/domain';
import type { Executor } from '../../db/client.js';

type Row = Omit<Workplace, 'titular' | 'adjunto'> & {
  titularId: number | null;
  titularName: string | null;
  adjuntoId: number | null;
  adjuntoName: string | null;
};

export function createMemberLocationRepository() {
  return {
    /** A live local with its forum, comarca, circunscrição and coordinators (null when unknown or deleted). */
    async workplace(db: Executor, locId: number): Promise<Workplace | null> {
      const { rows } = await db.execute<Row>(sql`
        select l.loc_id as "locId", l.loc_nome as "locNome", l.predio_nome as "predioNome",
          l.loc_phone1_ddd as "locPhone1Ddd", l.loc_phone1 as "locPhone1", l.loc_phone1_ext as "locPhone1Ext",
          l.loc_phone2_ddd as "locPhone2Ddd", l.loc_phone2 as "locPhone2", l.loc_phone2_ext as "locPhone2Ext",
          f.apf_id as "apfId", f.for_nome as "forNome", f.for_short as "forShort", f.for_zipcode as "forZipcode",
          f.for_address as "forAddress", f.for_number as "forNumber", f.for_complement as "forComplement",
          f.for_city as "forCity", f.for_state as "forState", co.com_nome as "comNome", ci.cir_nome as "cirNome",
          t.cst_id as "titularId", t.cust_name as "titularName", a.cst_id as "adjuntoId", a.cust_name as "adjuntoName"
        from locals l
        join forums f on f.apf_id = l.apf_id
        join comarcas co on co.com_id = f.com_id
        join circunscricoes ci on ci.cir_id = co.cir_id
        left join customers t on t.cst_id = l.cor_titular
        left join customers a on a.cst_id = l.cor_adjunto
        where l.loc_id = ${locId} and l.deleted_at is null`);
      const row = rows[0];
      if (!row) return null;
      const { titularId, titularName, adjuntoId, adjuntoName, ...rest } = row;
      return {
        ...rest,
        titular: titularId === null ? null : { cstId: titularId, custName: titularName ?? '' },
        adjunto: adjuntoId === null ? null : { cstId: adjuntoId, custName: adjuntoName ?? '' },
      };
    },
  };
}
