import { defineModule } from '../../lib/module.js';
import routes from './search.routes.js';

export default defineModule({ name: 'search', routes });
