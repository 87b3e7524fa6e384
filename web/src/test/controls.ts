/** Driving the shared form controls in page tests as a person does. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the select labelled `label` and clicks the option `option`. */
export async function choose(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

/**
 * Answers the app's confirmation dialog titled `question`: its go-ahead button (the last one) or
 * キャンセル. Fails when the question is not asked.
 */
export async function answerConfirm(question: string, yes: boolean): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: question });
  const buttons = within(dialog).getAllByRole('button');
  await userEvent.click(yes ? buttons[buttons.length - 1] : within(dialog).getByRole('button', { name: 'キャンセル' }));
}
