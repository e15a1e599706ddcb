import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { personPhotoContracts } from '@assoc/domain';
import { notFound } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { currentUser } from '../auth/session.js';
import { photoTexts, sniffImage } from './photos.service.js';

/** thumbs/{size}/{key} and thumbs/{ownerId} (spec 1 §7): images for `<img src>`; v2access any, others their own. */
const photosRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.photos;

  // The cache overrides the API's default no-store (security-headers plugin).
  const sendImage = (reply: FastifyReply, data: Buffer, cacheControl: string) =>
    sendFile(reply, data, { type: `image/${sniffImage(data) ?? 'jpeg'}`, cache: cacheControl });

  defineRoutes(
    app,
    personPhotoContracts,
    {
      // Never public: who may see a photo depends on the session (issue 22 item 5). A key is never reused for another
      // image, so the browser may keep it a while, for this user only.
      thumbnail: async (request, reply) =>
        sendImage(reply, await service.thumbnailFor(currentUser(request), request.params.size, request.params.key), 'private, max-age=3600'),
      ownerThumbnail: async (request, reply) => {
        const thumb = await service.userThumbnailFor(currentUser(request), request.params.ownerId);
        // A user's photo may change: kept briefly, in the browser only.
        return sendImage(reply, thumb.data, 'private, max-age=600');
      },
    },
    {
      thumbnail: { schemaErrorFormatter: () => notFound(photoTexts.notFound) },
      ownerThumbnail: { schemaErrorFormatter: () => notFound(photoTexts.notFound) },
    },
  );
};

export default photosRoutes;
