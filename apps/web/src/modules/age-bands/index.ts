export { AgeBandScreen } from './AgeBandScreen';
