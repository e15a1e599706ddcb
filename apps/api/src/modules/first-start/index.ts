import { defineModule } from '../../lib/module.js';
import routes from './first-start.routes.js';

export default defineModule({ name: 'firstStart', needs: ['passwordReset'], routes });
