export { PrintRangeDialog, type PrintRangeDialogProps } from './components/PrintRangeDialog';
export { PrintChoiceDialog, type PrintChoiceAnswer, type PrintChoiceDialogProps } from './components/PrintChoiceDialog';
export { PrintQueueTable } from './components/PrintQueueTable';
export { usePrintDocument, type PrintRequest } from './hooks/usePrintDocument';
