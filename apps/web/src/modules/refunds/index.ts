export { RefundListScreen } from './RefundListScreen';
export { RefundDialog } from './RefundDialog';
