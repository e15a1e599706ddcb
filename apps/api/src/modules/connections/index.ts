import { defineModule } from '../../lib/module.js';
import routes from './connections.routes.js';

export default defineModule({ name: 'connections', needs: ['realtime'], routes });
