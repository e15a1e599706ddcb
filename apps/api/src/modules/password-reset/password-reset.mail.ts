import { dataMessages } from '@assoc/domain';
import type { NewEmail } from '../mail/mail.repository.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The password-reset e-mail: the link to /reset?q=<code> and how long it lasts. The stored text holds
 * a placeholder; the link itself goes in the row's secrets, which only the sender reads (issue 8, finding 9).
 */
export function resetEmail(input: {
  to: string;
  name: string;
  link: string;
  minutes: number;
  associationName: string;
  userId: number;
  cstId: number | null;
}): NewEmail {
  const firstName = input.name.trim().split(/\s+/)[0] ?? '';
  const link = dataMessages.resetLinkPlaceholder;
  const text = [
    `Olá, ${firstName}.`,
    '',
    `Recebemos um pedido para definir uma nova senha de acesso ao sistema da ${input.associationName}.`,
    'Para escolher a nova senha, abra o endereço abaixo:',
    '',
    link,
    '',
    `O endereço vale por ${input.minutes} minutos e pode ser usado uma única vez.`,
    'Se você não fez este pedido, ignore esta mensagem: sua senha atual continua valendo.',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(firstName)}.</p>
<p>Recebemos um pedido para definir uma nova senha de acesso ao sistema da ${escapeHtml(input.associationName)}.</p>
<p><a href="${escapeHtml(link)}">Clique aqui para escolher a nova senha</a> ou copie este endereço no navegador:<br>${escapeHtml(link)}</p>
<p>O endereço vale por ${input.minutes} minutos e pode ser usado uma única vez.</p>
<p>Se você não fez este pedido, ignore esta mensagem: sua senha atual continua valendo.</p>`;
  return {
    to: input.to,
    subject: `Redefinição de senha – ${input.associationName}`,
    text,
    html,
    userId: input.userId,
    cstId: input.cstId,
    sensitive: true,
    secrets: { [link]: input.link },
    secretsMinutes: input.minutes,
  };
}
