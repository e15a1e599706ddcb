export { useAppForm, type AppForm, type AppFormOptions, type FormValues, type FormValuesOf, type ListForm, type MergedBranches } from './useAppForm';
export { blockingReason, firstErrorPerField, serverFieldErrors, valueAt, zodErrors, type FieldErrors } from './errors';
export { sameValue } from './equal';
export { okButtonState, type OkState } from '../crud/okButton';
export type { FieldPath } from './paths';
export { useFormSave } from './useFormSave';
