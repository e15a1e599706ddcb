import { portalEditableFields, type MemberData, type PortalRecord, type PortalSaveInput } from '@assoc/domain';
import type { MemberFormValues } from '../../member/member-tab.types';

/**
 * The Cadastro tab's form holds the member form's values (the staff record's memberSchema, so every field has the
 * staff record's rule and message) restricted to what the portal edits, plus the forum address (read-only, for the
 * default-address rule). Read-only data are shown from the reply, outside the form.
 */
export function portalFormValues(record: PortalRecord): MemberFormValues {
  return {
    cstId: record.cstId,
    version: record.version,
    custEmail: record.custEmail ?? '',
    custCelularDdd: record.custCelularDdd ?? '',
    custCelular: record.custCelular ?? '',
    custConcurso: record.custConcurso ?? '',
    enderecoSelected: record.enderecoSelected as 1 | 2 | 3,
    custExtratoPorEmail: record.custExtratoPorEmail,
    custComunicacao: record.custComunicacao,
    custRecusaCampanhas: record.custRecusaCampanhas,
    enderecoResidencial: record.enderecoResidencial,
    enderecoComercial: record.enderecoComercial,
    ...(record.enderecoForum ? { enderecoForum: record.enderecoForum } : {}),
    custContatoNome: record.custContatoNome ?? '',
    custContatoParentesco: record.custContatoParentesco,
    custContatoFoneDdd: record.custContatoFoneDdd ?? '',
    custContatoFone: record.custContatoFone ?? '',
    custContatoEmail: record.custContatoEmail ?? '',
  };
}

/** The body of PUT user/portal/{cstId}: the editable fields of the parsed form and its version, nothing else. */
export function portalSaveBody(parsed: MemberData): PortalSaveInput {
  const out: Record<string, unknown> = { version: parsed.version };
  for (const key of portalEditableFields) if (parsed[key] !== undefined) out[key] = parsed[key];
  return out as PortalSaveInput;
}
