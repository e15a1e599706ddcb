import { defineModule } from '../../lib/module.js';
import routes from './menu.routes.js';

export default defineModule({ name: 'menu', needs: [], routes });
