import { Suspense, type ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { memberSchema, sectionAccess, type MemberInput } from '@assoc/domain';
import { RolesProvider } from '../../ui/components/RoleGate';
import { useAppForm } from '../../ui/form';
import type { MemberForm, MemberFormValues, MemberMode, MemberTabProps } from '../member-tab.types';

/**
 * The set-up every member tab's component test repeats: the screen's one form (useAppForm over memberSchema)
 * with the given member, the user's roles, and MemberTabProps as MemberPage derives them (canView/canEdit from
 * the domain's sectionAccess, nothing editable in audit mode). The form's values are printed in an <output>
 * that `formValues()` reads.
 */
export interface TabHarnessProps {
  tab: ComponentType<MemberTabProps>;
  member: MemberInput;
  roles: string[];
  mode?: MemberMode;
  diffs?: ReadonlySet<string>;
  cstId?: number;
  dependentInView?: number | null;
}

export function MemberTabHarness({ tab: Tab, member, roles, mode = 'edit', diffs = new Set(), cstId, dependentInView = null }: TabHarnessProps) {
  // The screen's form type (MemberFormValues: the member plus the reply's screen-only values), as MemberEditor builds it.
  const form: MemberForm = useAppForm<typeof memberSchema, MemberFormValues>(memberSchema, member);
  const access = sectionAccess(roles, { inserting: mode === 'insert' }) as Record<string, { view: boolean; edit: boolean }>;
  return (
    <RolesProvider roles={roles}>
      <Suspense>
        <Tab
          form={form}
          mode={mode}
          cstId={cstId ?? member.cstId ?? -1}
          dependentInView={dependentInView}
          canView={(key) => access[key]?.view ?? false}
          canEdit={(key) => mode !== 'audit' && (access[key]?.edit ?? false)}
          readOnly={mode === 'audit'}
          diffs={diffs}
        />
      </Suspense>
      <output data-testid="values">{JSON.stringify(form.values)}</output>
    </RolesProvider>
  );
}

/** The harness form's current values. */
export const formValues = <T = Record<string, unknown>,>() => JSON.parse(screen.getByTestId('values').textContent!) as T;
