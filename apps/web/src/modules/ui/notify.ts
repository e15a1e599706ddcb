import { notifications } from '@mantine/notifications';
import { genericMessages } from '@assoc/domain';

/** Honest notice for an action whose feature lands in a later issue: says "Em construção", nothing more. */
export function notifyUnderConstruction(title: string) {
  notifications.show({ title, message: genericMessages.underConstruction, color: 'yellow' });
}

export function notifySuccess(message: string, title?: string) {
  notifications.show({ title, message, color: 'green' });
}

export function notifyError(message: string, title?: string) {
  notifications.show({ title, message, color: 'red' });
}
