import { defineModule } from '../../lib/module.js';
import routes from './locations.routes.js';

export default defineModule({ name: 'locations', routes });
