import type { NewEmail } from '../mail/mail.repository.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What the stored text shows where the link goes (the link itself is in the row's secrets). */
export const FIRST_ACCESS_LINK_PLACEHOLDER = '[link de primeiro acesso]';

/** The first-access e-mail: the /reset link where the member chooses a password (a security e-mail). */
export function firstAccessEmail(input: {
  to: string;
  name: string;
  link: string;
  minutes: number;
  associationName: string;
  userId: number;
  cstId: number;
}): NewEmail {
  const firstName = input.name.trim().split(/\s+/)[0] ?? '';
  const link = FIRST_ACCESS_LINK_PLACEHOLDER;
  const text = [
    `Olá, ${firstName}.`,
    '',
    `Seu acesso ao portal do associado da ${input.associationName} está liberado.`,
    'Para criar a sua senha, abra o endereço abaixo e informe o seu CPF:',
    '',
    link,
    '',
    `O endereço vale por ${input.minutes} minutos e pode ser usado uma única vez.`,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(firstName)}.</p>
<p>Seu acesso ao portal do associado da ${escapeHtml(input.associationName)} está liberado.</p>
<p><a href="${escapeHtml(link)}">Clique aqui para criar a sua senha</a> ou copie este endereço no navegador:<br>${escapeHtml(link)}</p>
<p>O endereço vale por ${input.minutes} minutos e pode ser usado uma única vez.</p>`;
  return {
    to: input.to,
    subject: `Primeiro acesso ao portal – ${input.associationName}`,
    text,
    html,
    userId: input.userId,
    cstId: input.cstId,
    sensitive: true,
    secrets: { [link]: input.link },
    secretsMinutes: input.minutes,
  };
}
