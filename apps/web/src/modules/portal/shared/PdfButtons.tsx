import { Button, Group } from '@mantine/core';
import { IconDownload, IconExternalLink, IconMail } from '@tabler/icons-react';
import classes from './portal.module.css';

/**
 * A document's actions in the portal: open the PDF in the browser's own viewer (a new tab: on a phone the system's
 * viewer), save it, and (when given) send it by e-mail. The PDF is the API's GET, reached with the session cookie.
 */
export function PdfButtons({
  href,
  fileName,
  what,
  onEmail,
  emailing = false,
  emailRefusal,
}: {
  href: string | null;
  fileName: string;
  /** What the document is, for the buttons' accessible names ('extrato 03/2026'). */
  what: string;
  onEmail?: () => void;
  emailing?: boolean;
  /** Why the e-mail is not offered (the button stays, disabled, with the reason shown). */
  emailRefusal?: string;
}) {
  const disabled = href === null;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={href ?? undefined}
        target="_blank"
        rel="noopener"
        className={classes.touch}
        leftSection={<IconExternalLink size={18} aria-hidden />}
        data-disabled={disabled || undefined}
        aria-disabled={disabled || undefined}
        aria-label={`Abrir PDF: ${what}`}
        onClick={(event) => disabled && event.preventDefault()}
      >
        Abrir PDF
      </Button>
      <Button
        component="a"
        href={href ?? undefined}
        download={fileName}
        variant="default"
        className={classes.touch}
        leftSection={<IconDownload size={18} aria-hidden />}
        data-disabled={disabled || undefined}
        aria-disabled={disabled || undefined}
        aria-label={`Baixar PDF: ${what}`}
        onClick={(event) => disabled && event.preventDefault()}
      >
        Baixar
      </Button>
      {onEmail && (
        <Button
          variant="default"
          className={classes.touch}
          leftSection={<IconMail size={18} aria-hidden />}
          disabled={disabled || emailRefusal !== undefined}
          loading={emailing}
          title={emailRefusal}
          aria-label={`Enviar por e-mail: ${what}`}
          onClick={onEmail}
        >
          E-mail
        </Button>
      )}
    </Group>
  );
}
