import { Badge, Box, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { IconFolder, IconInbox } from '@tabler/icons-react';
import type { ProcessFolder } from '@assoc/domain';
import { processTexts } from '../texts';

interface FolderTreeProps {
  folders: ProcessFolder[];
  selectedId: number | null;
  /** The inbox's unopened count from GET process/folders/inbox (fresher than the tree's). */
  inboxUnread: number | null;
  onSelect: (pastaId: number) => void;
}

/** The folder tree (pastas, nested): the inbox first with the count of processes this user has not opened. */
export function FolderTree({ folders, selectedId, inboxUnread, onSelect }: FolderTreeProps) {
  return (
    <nav aria-label={processTexts.folders}>
      <FolderLevel folders={folders} selectedId={selectedId} inboxUnread={inboxUnread} onSelect={onSelect} depth={0} />
    </nav>
  );
}

function FolderLevel({ folders, depth, ...props }: FolderTreeProps & { depth: number }) {
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {folders.map((folder) => {
        const unread = folder.inbox && props.inboxUnread !== null ? props.inboxUnread : folder.naoLidos;
        const Icon = folder.inbox ? IconInbox : IconFolder;
        return (
          <li key={folder.pastaId}>
            <NavLink
              component="button"
              type="button"
              label={folder.nome}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={
                unread > 0 ? (
                  <>
                    <Badge size="sm" variant={folder.inbox ? 'filled' : 'light'} circle={unread < 10} aria-hidden>
                      {unread}
                    </Badge>
                    <VisuallyHidden>{processTexts.inboxUnread(unread)}</VisuallyHidden>
                  </>
                ) : (
                  <Text size="xs" c="dimmed" aria-hidden>
                    {folder.total}
                  </Text>
                )
              }
              active={folder.pastaId === props.selectedId}
              aria-current={folder.pastaId === props.selectedId ? 'true' : undefined}
              onClick={() => props.onSelect(folder.pastaId)}
              pl={8 + depth * 16}
            />
            {folder.children.length > 0 && <FolderLevel {...props} folders={folder.children} depth={depth + 1} />}
          </li>
        );
      })}
    </Box>
  );
}

/** The folders of the tree in order, with their depth (pickers: move, upload, parent). */
export function flattenFolders(folders: ProcessFolder[], depth = 0): { folder: ProcessFolder; depth: number }[] {
  return folders.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.children, depth + 1)]);
}

/** Select options of every folder, indented by depth. */
export function folderOptions(folders: ProcessFolder[]) {
  return flattenFolders(folders).map(({ folder, depth }) => ({
    value: String(folder.pastaId),
    label: `${'\u00a0\u00a0'.repeat(depth)}${folder.nome}`,
  }));
}
