import { addressKeys, canIssueBond, memberMessages, type AddressKey, type MemberRecord } from '@assoc/domain';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import type { MembersService } from './members.service.js';
import type { AppServices } from '../../lib/module.js';

/** The city printed on the bond declaration's place-and-date line (the association's seat). */
const DECLARATION_CITY = 'São Paulo';

/** Label, bond declaration and its e-mail: the member's stored data rendered by the documents service (decision 8). */
export function createMemberDocuments({ documents, members }: { documents: AppServices['documents']; members: MembersService }) {
  async function holder(cstId: number): Promise<MemberRecord> {
    const member = await members.loadFull(cstId);
    if (!member) throw notFound();
    return member;
  }

  async function bondPdf(member: MemberRecord): Promise<Uint8Array> {
    if (!canIssueBond(member) || !member.custCpf || !member.custAdmissao) throw badRequest(memberMessages.bondNotAllowed);
    return documents.render('declaracao-vinculo', {
      nome: member.custName,
      cpf: member.custCpf,
      matricula: member.custNumeroInterno || '0000000',
      admissao: member.custAdmissao,
      situacao: member.custAssocSituacao,
      local: DECLARATION_CITY,
    });
  }

  return {
    /** GET label/{cstId}/{kind}/{type}: one label of the member's address of that kind. */
    async label(cstId: number, kind: number, type: number): Promise<Uint8Array> {
      const member = await holder(cstId);
      const key = addressKeys[kind - 1] as AddressKey;
      const address = member[key];
      if (!address?.adZipcode || !address.adAddress || !address.adCity || !address.adState) throw badRequest(memberMessages.labelNoAddress);
      return documents.render('etiquetas', {
        tipo: type,
        etiquetas: [
          {
            nome: member.custName,
            logradouro: address.adAddress,
            numero: address.adNumber || null,
            complemento: address.adComplement || null,
            bairro: address.adBairro || null,
            cidade: address.adCity,
            uf: address.adState,
            cep: address.adZipcode,
          },
        ],
      });
    },

    bond: async (cstId: number) => bondPdf(await holder(cstId)),

    /**
     * GET user/emailvinculo/{cstId}: the declaration written to the file store and an e-mail to the member in the
     * outbox with it attached, in one transaction (documents.emailTo), with an audit-free read of the member (the
     * e-mail itself is the record).
     */
    async emailBond(cstId: number, actor: Actor): Promise<{ message: string }> {
      const member = await holder(cstId);
      const pdf = await bondPdf(member);
      if (!member.custEmail) throw badRequest(memberMessages.bondNoEmail);
      await documents.emailTo(
        { email: member.custEmail, name: member.custName ?? '', cstId },
        { pdf, fileName: 'declaracao-vinculo.pdf' },
        { key: 'vinculo', values: {} },
        { actor },
      );
      return { message: memberMessages.bondSent };
    },
  };
}
