/** Spec 1 §5: OK disabled when invalid or unchanged; red when invalid, amber when changed, green otherwise. */
export type OkState = 'invalid' | 'changed' | 'unchanged';

export function okButtonState(valid: boolean, changed: boolean): { state: OkState; color: 'red' | 'yellow' | 'green'; disabled: boolean } {
  if (!valid) return { state: 'invalid', color: 'red', disabled: true };
  if (changed) return { state: 'changed', color: 'yellow', disabled: false };
  return { state: 'unchanged', color: 'green', disabled: true };
}
