export { MarketingScreen } from './MarketingScreen';
