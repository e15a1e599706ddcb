import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { locationEditorModes, locationMessages, registryMessages, type LocationEditorMode } from '@assoc/domain';
import { openConfirmDialog } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { crudFailureMessage, isStaleRecord } from '../../ui/crud/useCrudResource';
import type { FormValues } from '../../ui/form';
import { levelConfigs, type LevelKind } from '../config/levels';
import { localsListKey } from '../config/locais';
import type { LocationCascade } from './useLocationCascade';

export interface LevelEditorState {
  kind: LevelKind;
  /** Spec 3 §4: 1 edit, 2 add. */
  mode: LocationEditorMode;
  id: number | null;
  parentId: number | null;
  initial: FormValues;
  /** The saved record (edit mode): the coordinators' names. */
  record?: Record<string, unknown>;
  seq: number;
  /** The last save met a newer version (409, decision 5): the modal offers Recarregar. */
  stale?: boolean;
}

let seq = 0;

/**
 * The Circunscrição, Comarca and Fórum modals: open in add (2) or edit (1) mode, ask "Coordenador
 * detectado" before saving a record with a coordinator, save, announce, reload the lists and select
 * a newly created item (spec 3 §4, §8).
 */
export function useLevelEditor({ selection, selectCir, selectComarca, selectForum }: LocationCascade) {
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<LevelEditorState | null>(null);
  const [saving, setSaving] = useState(false);

  const parentOf = (kind: LevelKind) => (kind === 'com' ? selection.cirId : kind === 'forum' ? selection.comId : null);
  const selectedOf = (kind: LevelKind) => (kind === 'cir' ? selection.cirId : kind === 'com' ? selection.comId : selection.apfId);
  const listKey = (kind: LevelKind, parentId: number | null) => levelConfigs[kind].calls.listKey(parentId);
  const select = (kind: LevelKind, id: number) => (kind === 'cir' ? selectCir(id) : kind === 'com' ? selectComarca(id) : selectForum(id));

  function openAdd(kind: LevelKind) {
    setEditor({ kind, mode: locationEditorModes.add, id: null, parentId: parentOf(kind), initial: levelConfigs[kind].newValues(), seq: ++seq });
  }

  async function openEdit(kind: LevelKind) {
    const id = selectedOf(kind);
    if (id == null) return;
    const config = levelConfigs[kind];
    try {
      const record: Record<string, unknown> = await config.calls.get(id);
      setEditor({
        kind,
        mode: locationEditorModes.edit,
        id,
        parentId: parentOf(kind),
        initial: config.toValues(record as never),
        record,
        seq: ++seq,
      });
    } catch (error) {
      notifyError(crudFailureMessage(error));
    }
  }

  async function persist(state: LevelEditorState, body: Record<string, unknown>) {
    const config = levelConfigs[state.kind];
    setSaving(true);
    try {
      if (state.mode === locationEditorModes.add) {
        const created = await config.calls.add(state.parentId, body);
        notifySuccess(registryMessages.added);
        await queryClient.invalidateQueries({ queryKey: listKey(state.kind, state.parentId) });
        select(state.kind, config.keyOf(created as never));
      } else {
        await config.calls.update(state.id!, body);
        notifySuccess(registryMessages.updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: listKey(state.kind, state.parentId) }),
          // Coordinators informed here were given to the locals beneath: the shown locals reload.
          selection.apfId == null ? null : queryClient.invalidateQueries({ queryKey: localsListKey(selection.apfId) }),
        ]);
      }
      setEditor(null);
    } catch (error) {
      // The modal stays open with the data; a save over a newer version says so in the modal, with Recarregar.
      if (isStaleRecord(error)) setEditor((current) => (current && current.seq === state.seq ? { ...current, stale: true } : current));
      else notifyError(crudFailureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  /** Saves; with a titular or adjunto coordinator, only after the user agrees that every local beneath changes. */
  function save(body: Record<string, unknown>) {
    const state = editor;
    if (!state) return;
    if (body.corTitular != null || body.corAdjunto != null) {
      openConfirmDialog({
        title: locationMessages.coordinatorTitle,
        message: locationMessages.coordinatorQuestion,
        confirmLabel: locationMessages.coordinatorConfirm,
        cancelLabel: locationMessages.coordinatorCancel,
        onConfirm: () => void persist(state, body),
      });
      return;
    }
    void persist(state, body);
  }

  return {
    editor,
    saving,
    openAdd,
    openEdit: (kind: LevelKind) => void openEdit(kind),
    close: () => setEditor(null),
    save,
    /** Recarregar: the record as it is now, in a fresh modal (the unsaved edits are dropped). */
    reload: () => {
      if (editor) void openEdit(editor.kind);
    },
  };
}

export type LevelEditor = ReturnType<typeof useLevelEditor>;
