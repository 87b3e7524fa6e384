/** Driving the shared form controls in page tests as a person does. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the select labelled `label` and clicks the option `option`. */
export async function choose(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(screen.getByRole('option', { name: option }));
}
