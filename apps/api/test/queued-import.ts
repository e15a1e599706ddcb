import crypto from 'node:crypto';
import { createBankImportRepository } from '../src/modules/bank-import/bank-import.repository.js';
import type { TestContext } from './helper.js';

const repo = createBankImportRepository();

/**
 * A file import as its upload leaves it, for the kill-and-resume tests: the file stored and the import row queued with
 * the job id its job will carry. Answers the job's message.
 */
export async function queuedImport(
  ctx: TestContext,
  /** `data`: the bytes uploaded; `text`: what they say (its SHA-256 is the import's, as the upload computes it). */
  file: { name: string; data: Uint8Array; text: string; origin: 'arquivo' | 'banco'; tipo: string },
  user: { userId: number; name: string },
) {
  const jobId = crypto.randomUUID();
  const importId = await ctx.db.transaction(async (tx) => {
    const stored = await ctx.app.services.files.saveIn(tx, { name: file.name, data: Buffer.from(file.data), createdBy: user.userId });
    return repo.insert(tx, {
      origin: file.origin,
      tipo: file.tipo,
      fileName: file.name,
      sha256: crypto.createHash('sha256').update(file.text).digest('hex'),
      scanId: stored.id,
      jobId,
      userId: user.userId,
      userName: user.name,
    });
  });
  return { jobId, userId: user.userId, importId };
}
