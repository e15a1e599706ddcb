export { FilterScreen } from './FilterScreen';
