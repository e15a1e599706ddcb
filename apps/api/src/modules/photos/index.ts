import { defineModule } from '../../lib/module.js';
import { createPhotoService, type PhotoService } from './photos.service.js';
import routes from './photos.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    photos: PhotoService;
  }
}

/**
 * Member photos (issue 12): `app.services.photos.savePhoto(dataUrl)` for the member save (answers the key kept
 * in custPhotoKey), the thumbnails at thumbs/{size}/{key} and the staff user's at thumbs/{ownerId}.
 */
export default defineModule({
  name: 'photos',
  needs: ['files'],
  setup(app, { services }) {
    app.services.photos = createPhotoService({ pool: app.pool, files: services.files });
  },
  routes,
});
