import { asc, and, inArray, isNull, sql } from 'drizzle-orm';
import { MAGISTRATE_STATUSES } from '@assoc/domain';
import type { Db } from '../client.js';
import { circunscricoes, comarcas, customers, forums, locals, regions } from '../schema/index.js';

interface ForumSeed {
  forNome: string;
  forShort: string;
  cep: string;
  address: string;
  number: string;
  complement?: string;
  city: string;
  phone: string;
  locals: string[];
  /** Indexes into the seeded magistrates. */
  titular?: number;
  adjunto?: number;
}
interface ComarcaSeed {
  comNome: string;
  forums: ForumSeed[];
  titular?: number;
  adjunto?: number;
}
interface CircunscricaoSeed {
  cirNome: string;
  cirRegional: string;
  /** A word of the RAJ region's name (regions are seeded before, by their own seed). */
  raj: string;
  ddd: string;
  comarcas: ComarcaSeed[];
  titular?: number;
  adjunto?: number;
}

/** A small, realistic part of São Paulo state's judiciary (demo data, decision 19). */
const HIERARCHY: CircunscricaoSeed[] = [
  {
    cirNome: '1ª Circunscrição Judiciária',
    cirRegional: 'Capital e Grande São Paulo',
    raj: 'Grande São Paulo',
    ddd: '11',
    titular: 0,
    adjunto: 1,
    comarcas: [
      {
        comNome: 'São Paulo',
        forums: [
          {
            forNome: 'Fórum João Mendes Júnior',
            forShort: 'João Mendes',
            cep: '01501900',
            address: 'Praça João Mendes',
            number: 's/n',
            city: 'São Paulo',
            phone: '21716000',
            locals: ['1ª Vara Cível', '2ª Vara Cível', '3ª Vara Cível', 'Vara da Família e das Sucessões', 'Juizado Especial Cível'],
          },
          {
            forNome: 'Fórum Criminal Ministro Mário Guimarães',
            forShort: 'Barra Funda',
            cep: '01133020',
            address: 'Avenida Doutor Abraão Ribeiro',
            number: '313',
            city: 'São Paulo',
            phone: '21272000',
            titular: 2,
            locals: ['1ª Vara Criminal', '2ª Vara Criminal', 'Vara do Júri', 'Vara de Execuções Criminais'],
          },
          {
            forNome: 'Fórum Regional de Santana',
            forShort: 'Santana',
            cep: '02546000',
            address: 'Avenida Engenheiro Caetano Álvares',
            number: '594',
            city: 'São Paulo',
            phone: '29511100',
            locals: ['1ª Vara Cível', 'Vara da Infância e da Juventude'],
          },
        ],
      },
      {
        comNome: 'Guarulhos',
        adjunto: 3,
        forums: [
          {
            forNome: 'Fórum de Guarulhos',
            forShort: 'Guarulhos',
            cep: '07011060',
            address: 'Rua José Maurício',
            number: '103',
            complement: 'Centro',
            city: 'Guarulhos',
            phone: '24755000',
            locals: ['1ª Vara Cível', '2ª Vara Criminal', 'Vara da Fazenda Pública'],
          },
        ],
      },
      {
        comNome: 'Osasco',
        forums: [
          {
            forNome: 'Fórum de Osasco',
            forShort: 'Osasco',
            cep: '06023902',
            address: 'Avenida das Flores',
            number: '703',
            city: 'Osasco',
            phone: '36828800',
            locals: ['1ª Vara Cível', 'Juizado Especial Cível', 'Vara da Família e das Sucessões'],
          },
        ],
      },
    ],
  },
  {
    cirNome: '4ª Circunscrição Judiciária',
    cirRegional: 'Campinas',
    raj: 'Campinas',
    ddd: '19',
    titular: 4,
    comarcas: [
      {
        comNome: 'Campinas',
        titular: 5,
        adjunto: 6,
        forums: [
          {
            forNome: 'Fórum de Campinas',
            forShort: 'Campinas',
            cep: '13088901',
            address: 'Avenida Francisco Xavier de Arruda Camargo',
            number: '300',
            complement: 'Jardim Santana',
            city: 'Campinas',
            phone: '37562400',
            locals: ['1ª Vara Cível', '2ª Vara Cível', '1ª Vara Criminal', 'Vara do Júri', 'Juizado Especial Cível'],
          },
          {
            forNome: 'Juizado Especial Cível de Campinas',
            forShort: 'JEC Campinas',
            cep: '13015904',
            address: 'Rua Doutor Quirino',
            number: '1626',
            city: 'Campinas',
            phone: '32367700',
            locals: ['Juizado Especial Cível', 'Juizado Especial da Fazenda Pública'],
          },
        ],
      },
      {
        comNome: 'Jundiaí',
        forums: [
          {
            forNome: 'Fórum de Jundiaí',
            forShort: 'Jundiaí',
            cep: '13201003',
            address: 'Avenida Doutor Cavalcanti',
            number: '395',
            city: 'Jundiaí',
            phone: '45215500',
            locals: ['1ª Vara Cível', '2ª Vara Criminal', 'Vara da Família e das Sucessões'],
          },
        ],
      },
    ],
  },
  {
    cirNome: '10ª Circunscrição Judiciária',
    cirRegional: 'Sorocaba',
    raj: 'Sorocaba',
    ddd: '15',
    comarcas: [
      {
        comNome: 'Sorocaba',
        forums: [
          {
            forNome: 'Fórum de Sorocaba',
            forShort: 'Sorocaba',
            cep: '18035060',
            address: 'Rua Doutor Arthur Martins',
            number: '10',
            city: 'Sorocaba',
            phone: '32191900',
            titular: 7,
            adjunto: 8,
            locals: ['1ª Vara Cível', '2ª Vara Cível', '1ª Vara Criminal', 'Vara da Infância e da Juventude'],
          },
        ],
      },
      {
        comNome: 'Itu',
        forums: [
          {
            forNome: 'Fórum de Itu',
            forShort: 'Itu',
            cep: '13300015',
            address: 'Praça Conde de Parnaíba',
            number: '25',
            city: 'Itu',
            phone: '40238100',
            locals: ['1ª Vara Cível', 'Vara Criminal'],
          },
        ],
      },
    ],
  },
];

/** Consecutive phone numbers of one building: 2171-6000, 2171-6001… */
const phoneAfter = (base: string, offset: number) => String(Number(base) + offset).padStart(8, '0');

/**
 * Demo circunscrições, comarcas, fóruns and locals, with some coordinators taken from the seeded
 * magistrates; every local carries the coordinators of the nearest level that has them (as the
 * screen's "Coordenador detectado" rule leaves them). Re-seeding replaces these four tables only.
 */
export async function seedLocations(db: Db) {
  await db.transaction(async (tx) => {
    // Nothing references these tables (members keep plain forum and local ids).
    await tx.execute(sql`truncate table locals, forums, comarcas, circunscricoes restart identity`);
    const magistrates = (
      await tx
        .select({ cstId: customers.cstId })
        .from(customers)
        .where(and(isNull(customers.parentId), inArray(customers.custStatus, [...MAGISTRATE_STATUSES])))
        .orderBy(asc(customers.cstId))
        .limit(40)
    )
      // Every fourth magistrate, so the coordinators are not the first members of the list.
      .filter((_, i) => i % 4 === 3)
      .map((m) => m.cstId);
    const member = (index: number | undefined) => (index === undefined ? null : (magistrates[index] ?? null));
    const rajs = await tx
      .select({ regionId: regions.regionId, regionName: regions.regionName })
      .from(regions)
      .where(isNull(regions.deletedAt))
      .orderBy(asc(regions.regionId));

    for (const cir of HIERARCHY) {
      const cirCoordinators = { corTitular: member(cir.titular), corAdjunto: member(cir.adjunto) };
      const [cirRow] = await tx
        .insert(circunscricoes)
        .values({
          cirNome: cir.cirNome,
          cirRegional: cir.cirRegional,
          cirRaj: rajs.find((r) => r.regionName.includes(cir.raj))?.regionId ?? null,
          ...cirCoordinators,
        })
        .returning({ id: circunscricoes.cirId });
      for (const com of cir.comarcas) {
        const comCoordinators = { corTitular: member(com.titular), corAdjunto: member(com.adjunto) };
        const [comRow] = await tx
          .insert(comarcas)
          .values({ cirId: cirRow!.id, comNome: com.comNome, ...comCoordinators })
          .returning({ id: comarcas.comId });
        for (const f of com.forums) {
          const forCoordinators = { corTitular: member(f.titular), corAdjunto: member(f.adjunto) };
          const [forRow] = await tx
            .insert(forums)
            .values({
              comId: comRow!.id,
              forNome: f.forNome,
              forShort: f.forShort,
              forZipcode: f.cep,
              forAddress: f.address,
              forNumber: f.number,
              forComplement: f.complement ?? null,
              forCity: f.city,
              forState: 'SP',
              forPhoneDdd1: cir.ddd,
              apfPhone1: f.phone,
              ...forCoordinators,
            })
            .returning({ id: forums.apfId });
          await tx.insert(locals).values(
            f.locals.map((locNome, i) => ({
              apfId: forRow!.id,
              locNome,
              predioNome: f.forNome,
              locPhone1Ddd: cir.ddd,
              locPhone1: phoneAfter(f.phone, 10 * (i + 1)),
              locPhone1Ext: i % 2 === 0 ? String(200 + i) : null,
              locPhone2Ddd: i % 3 === 0 ? cir.ddd : null,
              locPhone2: i % 3 === 0 ? `9${phoneAfter(f.phone, 50 + i)}` : null,
              locFaxDdd: i === 0 ? cir.ddd : null,
              locFax: i === 0 ? phoneAfter(f.phone, 99) : null,
              corTitular: forCoordinators.corTitular ?? comCoordinators.corTitular ?? cirCoordinators.corTitular,
              corAdjunto: forCoordinators.corAdjunto ?? comCoordinators.corAdjunto ?? cirCoordinators.corAdjunto,
            })),
          );
        }
      }
    }
  });
}
