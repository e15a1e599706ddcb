import { createContext, useContext, type ReactNode } from 'react';
import { valueAt } from '../../ui/form';
import type { MemberForm } from '../member-tab.types';

/** What every section of the Usuário tab reads: the member form, the audit state and the section's edit right. */
export interface UserTabState {
  form: MemberForm;
  /** The member's id (-1 while new). */
  cstId: number;
  /** Audit mode: everything read-only, the changed fields highlighted. */
  audit: boolean;
  /** The paths that changed in the audit version shown ('custName', 'enderecoResidencial.adZipcode'). */
  diffs: ReadonlySet<string>;
}

const UserTabContext = createContext<UserTabState | null>(null);
const SectionEditable = createContext(false);

export function UserTabProvider({ value, children }: { value: UserTabState; children: ReactNode }) {
  return <UserTabContext.Provider value={value}>{children}</UserTabContext.Provider>;
}

export function SectionEditableProvider({ editable, children }: { editable: boolean; children: ReactNode }) {
  return <SectionEditable.Provider value={editable}>{children}</SectionEditable.Provider>;
}

export function useUserTab(): UserTabState {
  const state = useContext(UserTabContext);
  if (!state) throw new Error('useUserTab outside the Usuário tab');
  return state;
}

/** Whether the section around may be edited (its edit role, not in audit mode). */
export const useSectionEditable = () => useContext(SectionEditable);

/** The form's value at a path ('custName', 'bankAccount.bnkId'). */
export const valueOf = (form: MemberForm, path: string): unknown => valueAt(form.values as Record<string, unknown>, path);

export const str = (value: unknown) => (value == null ? '' : String(value));
