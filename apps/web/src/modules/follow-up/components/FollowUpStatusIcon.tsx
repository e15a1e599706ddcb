import { IconArrowBackUp, IconClockHour4, IconThumbUp } from '@tabler/icons-react';

/** The status icon of spec 2 §2.9: 1 blue watch, 2 red undo arrow, 3 green thumbs-up (named by the status). */
export function FollowUpStatusIcon({ status, label }: { status: number; label: string }) {
  const props = { size: 20, role: 'img', 'aria-label': label } as const;
  if (status === 1) return <IconClockHour4 {...props} color="var(--mantine-color-blue-7)" />;
  if (status === 2) return <IconArrowBackUp {...props} color="var(--mantine-color-red-7)" />;
  if (status === 3) return <IconThumbUp {...props} color="var(--mantine-color-green-8)" />;
  return null;
}
