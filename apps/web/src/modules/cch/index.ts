export { CchListScreen } from './CchListScreen';
export { CchRequestModal } from './CchRequestModal';
export { CchIncreaseScreen } from './CchIncreaseScreen';
export { tussTable } from './tussTable';
