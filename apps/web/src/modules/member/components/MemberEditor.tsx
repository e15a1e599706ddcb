import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy, IconHealthRecognition, IconHistory } from '@tabler/icons-react';
import { canIssueBond, cchRoles, genericMessages, hasRole, portalMessages, type MemberAuditItem, type MemberRecord } from '@assoc/domain';
import { CchRequestModal } from '../../cch';
import { cchTexts } from '../../cch/texts';
import { PageTitle } from '../../ui/components/PageTitle';
import { useRoles } from '../../ui/components/RoleGate';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import { blockingReason, useAppForm } from '../../ui/form';
import { notifySuccess } from '../../ui/notify';
import { ProcessingModal } from '../../tools/components/ProcessingModal';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';
import { useMemberAccess } from '../hooks/useMemberAccess';
import { useMemberSave } from '../hooks/useMemberSave';
import type { MemberFormValues } from '../member-tab.types';
import { memberFieldLabel } from '../utils/fieldLabels';
import { memberFormSchema, restorableFields } from '../utils/memberForm';
import { restoreChildLists } from '../utils/restoreChildLists';
import { AuditList } from './AuditList';
import { AuditVersion } from './AuditVersion';
import { BondMenu } from './BondMenu';
import { MemberTabs } from './MemberTabs';
import classes from './MemberScreen.module.css';

export const NEW_MEMBER_TITLE = 'NOVO ASSOCIADO';
export const DISCARD_LABEL = 'Descartar alterações';
export const RESTORED_TEXT = 'Versão carregada no formulário: revise e salve para gravá-la.';

/** Dependentes [2]: where a dependent opened from the search is shown. */
const DEPENDENTS_TAB = 2;

interface MemberEditorProps {
  /** The loaded member; null for a new one. */
  record: MemberRecord | null;
  initialValues: MemberFormValues;
  dependentInView: number | null;
  /** Fetches the stored member again and starts over (Voltar, Recarregar). */
  onReload: () => Promise<unknown>;
}

/**
 * The member record (spec 1 §2): the top bar (title, Auditoria/Voltar, Salvar/Adicionar, discard, Vínculo
 * Associativo), the tabs over the one member form, the save (useMemberSave) and audit mode (side list of past
 * changes, the selected version read only, "Restaurar esta versão").
 */
export function MemberEditor({ record, initialValues, dependentInView, onReload }: MemberEditorProps) {
  const roles = useRoles();
  const cstId = record?.cstId ?? -1;
  const insert = record === null;
  const form = useAppForm(memberFormSchema, initialValues);
  const { save, saving, stale } = useMemberSave(form, cstId);
  const [audit, setAudit] = useState(false);
  const [selected, setSelected] = useState<MemberAuditItem | null>(null);
  const [reloading, setReloading] = useState(false);
  const [cchNew, setCchNew] = useState(false);
  // The member saved their record in the portal (memberChanged after its commit): this form's save would answer 409.
  const [portalVersion, setPortalVersion] = useState(0);
  useRealtimeEvent('memberChanged', (changed) => {
    if (record && changed.cstId === record.cstId) setPortalVersion((v) => Math.max(v, changed.version));
  });
  const changedByMember = record !== null && portalVersion > record.version;
  const { canView, canEdit } = useMemberAccess(audit, insert);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A record opened from the top bar's search (or from a list that left with the previous screen) takes the focus
  // on its title (WCAG 2.4.3), so the keyboard goes on inside it; a focus the user already put in the content stays.
  useEffect(() => {
    const title = titleRef.current;
    if (insert || !title) return;
    const active = document.activeElement;
    const content = title.closest('main');
    if (!active || active === document.body || !content?.contains(active)) title.focus();
  }, [insert]);

  const canAudit = !insert && hasRole(roles, 'v2userallowaudit');
  // Adicionar also needs the new-member role the server checks for POST user/-1.
  const canSave = hasRole(roles, 'v2userallowupdate') && (!insert || hasRole(roles, 'v2menunovoassociado'));
  const ok = form.ok;
  // Issue 22 item 3: a disabled save says why, naming the first field that blocks it ('Perfil: Campo obrigatório').
  const blockedBy = ok.state === 'invalid' ? blockingReason(form.errors, memberFieldLabel) : null;
  const saveHint = blockedBy ?? (ok.state === 'unchanged' ? genericMessages.noChangesToSave : null);

  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  const restore = (version: MemberRecord) => {
    form.setMany({ ...restorableFields(version, roles), ...restoreChildLists(version, form.values, roles) });
    setAudit(false);
    setSelected(null);
    notifySuccess(RESTORED_TEXT);
  };

  const title = insert ? NEW_MEMBER_TITLE : record.custName || 'Associado';
  const mode = insert ? 'insert' : audit ? 'audit' : 'edit';
  const tabs = audit ? null : (
    <MemberTabs
      panel={{ form, mode, cstId, dependentInView, canView, canEdit, readOnly: false, diffs: NO_DIFFS }}
      initialTab={dependentInView !== null ? DEPENDENTS_TAB : undefined}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageTitle ref={titleRef}>{title}</PageTitle>
        <Group gap="xs" wrap="wrap">
          {canAudit ? (
            audit ? (
              <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} loading={reloading} onClick={reload}>
                Voltar
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconHistory size={16} aria-hidden />} onClick={() => setAudit(true)}>
                Auditoria
              </Button>
            )
          ) : null}
          {canSave ? (
            <>
              {blockedBy && !audit ? (
                <Text id={SAVE_HINT_ID} size="sm" c="red.9">
                  {blockedBy}
                </Text>
              ) : null}
              <Tooltip label={saveHint} disabled={!saveHint || audit}>
                {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                <span>
                  <Button
                    className={classes.ok}
                    color={ok.color}
                    data-ok-state={ok.state}
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                    disabled={ok.disabled || saving || audit}
                    loading={saving}
                    onClick={save}
                    aria-describedby={blockedBy && !audit ? SAVE_HINT_ID : undefined}
                  >
                    {insert ? 'Adicionar' : 'Salvar'}
                  </Button>
                </span>
              </Tooltip>
              <Tooltip label={DISCARD_LABEL}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={DISCARD_LABEL}
                  disabled={!form.changed || saving || audit}
                  onClick={() => form.mantine.reset()}
                >
                  <IconArrowBackUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          {insert ? null : <BondMenu cstId={cstId} enabled={canIssueBond(record)} />}
          {/* Spec 1 §2, spec 2 §2.2: a new CCH request for this member (the CCH menu's role). */}
          {!insert && !audit && hasRole(roles, cchRoles.menu) ? (
            <Button variant="default" leftSection={<IconHealthRecognition size={16} aria-hidden />} onClick={() => setCchNew(true)}>
              {cchTexts.newAction}
            </Button>
          ) : null}
        </Group>
      </Group>
      {stale ? (
        <StaleRecordAlert onReload={reload} reloading={reloading} />
      ) : changedByMember ? (
        <StaleRecordAlert onReload={reload} reloading={reloading} message={portalMessages.changedByMember} />
      ) : null}
      {audit ? (
        <div className={classes.auditLayout}>
          <AuditList cstId={cstId} selected={selected?.auditId ?? null} onSelect={setSelected} />
          <div className={classes.auditContent}>
            <AuditVersion item={selected} canRestore={hasRole(roles, 'v2userallowupdate')} onRestore={restore} />
          </div>
        </div>
      ) : (
        tabs
      )}
      <ProcessingModal opened={saving} />
      {cchNew ? <CchRequestModal cstId={cstId} record={null} onClose={() => setCchNew(false)} onSaved={() => setCchNew(false)} /> : null}
    </Stack>
  );
}

const NO_DIFFS: ReadonlySet<string> = new Set();
const SAVE_HINT_ID = 'member-save-hint';
