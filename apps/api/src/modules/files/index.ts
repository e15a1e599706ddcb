import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { defineModule } from '../../lib/module.js';
import { createFileService, type FileService } from './files.service.js';
import { createLocalStore, createS3Store, type BlobStore } from './files.store.js';
import { registerMultipart } from './files.upload.js';

export type { StoredFile } from './files.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    files: FileService;
  }
}

/** The configured store (decision 9): an S3-compatible bucket when FILES_S3_ENDPOINT is set, else DATA_DIR/files. */
export function storeFromConfig(
  c: Pick<AppConfig, 'DATA_DIR' | 'FILES_S3_ENDPOINT' | 'FILES_S3_BUCKET' | 'FILES_S3_REGION' | 'FILES_S3_ACCESS_KEY' | 'FILES_S3_SECRET_KEY'>,
): BlobStore {
  if (!c.FILES_S3_ENDPOINT) return createLocalStore(path.join(c.DATA_DIR, 'files'));
  if (!c.FILES_S3_BUCKET || !c.FILES_S3_ACCESS_KEY || !c.FILES_S3_SECRET_KEY) {
    throw new Error('FILES_S3_ENDPOINT needs FILES_S3_BUCKET, FILES_S3_ACCESS_KEY and FILES_S3_SECRET_KEY');
  }
  return createS3Store({
    endpoint: c.FILES_S3_ENDPOINT,
    bucket: c.FILES_S3_BUCKET,
    region: c.FILES_S3_REGION,
    accessKeyId: c.FILES_S3_ACCESS_KEY,
    secretAccessKey: c.FILES_S3_SECRET_KEY,
  });
}

/**
 * Stored files (issue 10 §4): the one file service (`app.services.files`: save, link to an owner, read by the
 * owner's rule) and multipart parsing for upload routes (they read the file with receiveUpload).
 */
export default defineModule({
  name: 'files',
  needs: [],
  async setup(app) {
    const c = app.config;
    const maxBytes = c.FILES_MAX_MB * 1024 * 1024;
    app.services.files = createFileService({ db: app.db, store: storeFromConfig(c), maxBytes });
    await registerMultipart(app, maxBytes);
  },
});
