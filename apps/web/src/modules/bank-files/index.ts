export { RemittanceScreen } from './RemittanceScreen';
export { ImportScreen } from './ImportScreen';
