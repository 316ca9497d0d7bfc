import { fireEvent } from '@testing-library/react';

/**
 * Types a date into a date field (DateField, DateTimeField) as a person does: focuses it, which opens the calendar,
 * enters the whole text and leaves the field, which closes the calendar and shows the date as the field formats it.
 */
export function typeInto(input: HTMLElement, text: string): void {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}
