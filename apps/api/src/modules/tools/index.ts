import { defineModule } from '../../lib/module.js';
import routes from './tools.routes.js';

export default defineModule({ name: 'tools', routes });
