import { defineModule } from '../../lib/module.js';
import routes from './jobs.routes.js';

export default defineModule({ name: 'jobs', routes });
