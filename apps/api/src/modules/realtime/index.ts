import { defineModule } from '../../lib/module.js';

/**
 * The real-time channel (Socket.IO with the PostgreSQL adapter), after the auth module whose session service
 * authenticates the handshake. Loaded only when used: most tests need neither Socket.IO nor its adapter.
 */
export default defineModule({
  name: 'realtime',
  needs: ['auth'],
  async setup(app, { features }) {
    if (features.realtime) {
      await app.register((await import('./realtime.plugin.js')).default);
      return;
    }
    app.decorate('realtime', {
      get io(): never {
        throw new Error('canal em tempo real desligado (features.realtime)');
      },
      connectedUsers: async () => [],
    });
  },
});
