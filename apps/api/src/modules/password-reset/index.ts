import { defineModule } from '../../lib/module.js';
import routes from './password-reset.routes.js';

export default defineModule({ name: 'passwordReset', routes });
