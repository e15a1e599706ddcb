import { defineModule } from '../../lib/module.js';
import routes from './regions.routes.js';

export default defineModule({ name: 'regions', routes });
