import { defineModule } from '../../lib/module.js';
import routes from './mail.routes.js';

export default defineModule({ name: 'mail', routes });
