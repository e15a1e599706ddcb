export { CreditButton } from './CreditButton';
export { CreditModal, type CreditModalProps } from './CreditModal';
