import { defineModule } from '../../lib/module.js';
import routes from './registries.routes.js';

export default defineModule({ name: 'registries', routes });
