export { MobileStatement } from './MobileStatement';
