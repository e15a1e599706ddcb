import { defineModule } from '../../lib/module.js';
import routes from './dashboard.routes.js';

export default defineModule({ name: 'dashboard', routes });
