import { SimpleGrid } from '@mantine/core';
import type { Circunscricao, Comarca, Forum } from '@assoc/domain';
import { levelConfigs } from '../config/levels';
import type { LocationCascade } from '../hooks/useLocationCascade';
import { useLevelEditor } from '../hooks/useLevelEditor';
import { useLocationLists } from '../hooks/useLocationLists';
import { CircunscricaoForm } from './CircunscricaoForm';
import { ComarcaForm } from './ComarcaForm';
import { ForumForm } from './ForumForm';
import { LevelModal } from './LevelModal';
import { LevelPicker } from './LevelPicker';

/**
 * The three cascading dropdowns of /localizacao (Circunscrições, Comarcas, Fóruns), each with add
 * and edit buttons opening its modal (spec 3 §2.12, §4).
 */
export function LocationPickers({ cascade }: { cascade: LocationCascade }) {
  const { selection, selectCir, selectComarca, selectForum } = cascade;
  const lists = useLocationLists(cascade);
  const editor = useLevelEditor(cascade);
  const state = editor.editor;

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <LevelPicker
          config={levelConfigs.cir}
          options={lists.cirs.map((c) => ({ value: String(c.cirId), label: c.cirNome }))}
          value={selection.cirId}
          parentChosen
          onChange={selectCir}
          onAdd={() => editor.openAdd('cir')}
          onEdit={() => editor.openEdit('cir')}
        />
        <LevelPicker
          config={levelConfigs.com}
          options={lists.comarcas.map((c) => ({ value: String(c.comId), label: c.comNome }))}
          value={selection.comId}
          parentChosen={selection.cirId != null}
          onChange={selectComarca}
          onAdd={() => editor.openAdd('com')}
          onEdit={() => editor.openEdit('com')}
        />
        <LevelPicker
          config={levelConfigs.forum}
          options={lists.forums.map((f) => ({ value: String(f.apfId), label: f.forNome }))}
          value={selection.apfId}
          parentChosen={selection.comId != null}
          onChange={selectForum}
          onAdd={() => editor.openAdd('forum')}
          onEdit={() => editor.openEdit('forum')}
        />
      </SimpleGrid>
      {state ? (
        <LevelModal
          key={state.seq}
          config={levelConfigs[state.kind]}
          state={state}
          saving={editor.saving}
          onSave={editor.save}
          onClose={editor.close}
          onReload={editor.reload}
        >
          {(form) =>
            state.kind === 'cir' ? (
              <CircunscricaoForm form={form} record={state.record as Circunscricao | undefined} rajs={lists.rajs} />
            ) : state.kind === 'com' ? (
              <ComarcaForm form={form} record={state.record as Comarca | undefined} />
            ) : (
              <ForumForm form={form} mode={state.id == null ? 'new' : 'edit'} record={state.record as Forum | undefined} />
            )
          }
        </LevelModal>
      ) : null}
    </>
  );
}
