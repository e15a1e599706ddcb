import type { Db } from '../client.js';

export interface SeededPeople {
  portalMember?: { cstId: number; cpf: string; name: string; email: string | null };
}

// Replaced by the demo people generator (in progress in this same change).
export async function seedPeople(_db: Db, _opts: { scale: number; log: (line: string) => void }): Promise<SeededPeople> {
  return {};
}
