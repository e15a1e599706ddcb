export { HealthDeclarationItems, HEALTH_DECLARATION_POPUP } from './HealthDeclarationItems';
