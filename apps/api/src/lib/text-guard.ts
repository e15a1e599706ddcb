import type { FastifyReply, FastifyRequest } from 'fastify';
import { dataMessages, hasControlCharacters } from '@assoc/domain';

/**
 * The path ('terNome', 'itens.2.nome') of the first string holding a control character other
 * than tab and line breaks, in keys or values, or null. Iterative, so deep nesting cannot
 * overflow the stack.
 */
export function findControlCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * preValidation hook of every route (issue 8, finding 12): refuses any request whose body, query
 * or path parameters hold a control character, before a schema or the database sees it. The
 * domain's `safeText()` gives the web forms the same rule; this hook is the guarantee for fields
 * a schema may have forgotten.
 */
export async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply) {
  for (const part of [request.params, request.query, request.body]) {
    const at = findControlCharacter(part);
    if (at !== null) return reply.status(400).send({ message: at ? `${at}: ${dataMessages.invalidText}` : dataMessages.invalidText });
  }
}
