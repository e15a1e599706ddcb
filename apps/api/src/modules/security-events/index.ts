import { defineModule } from '../../lib/module.js';
import routes from './security-events.routes.js';

export default defineModule({ name: 'securityEvents', routes });
