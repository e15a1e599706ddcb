import { defineModule } from '../../lib/module.js';
import routes from './access-admin.routes.js';

export default defineModule({ name: 'accessAdmin', routes });
