import { defineModule } from '../../lib/module.js';
import routes from './auth.routes.js';

export default defineModule({ name: 'auth', routes });
