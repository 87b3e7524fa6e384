/** One mail address and a button: sign-up, recovery and client invitations. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { mailAddressSchema, type MailAddressValues } from '../schema';
import { Actions, useFormFailure } from './form-kit';

const FIELDS = ['mailAddress'] as const;

interface Props {
  submitLabel: string;
  /** Sends; a thrown failure is shown on the form. */
  onSubmit: (mailAddress: string) => Promise<unknown>;
  /** Called after a successful send. */
  onSent: (mailAddress: string) => void;
  children?: ReactNode;
}

export function MailAddressForm({ submitLabel, onSubmit, onSent, children }: Props) {
  const form = useForm<MailAddressValues>({ resolver: zodResolver(mailAddressSchema), defaultValues: { mailAddress: '' } });
  const { run, alert } = useFormFailure(form.setError, FIELDS);
  const submit = form.handleSubmit(async ({ mailAddress }) => {
    const sent = await run(async () => {
      await onSubmit(mailAddress);
      return true;
    });
    if (sent) onSent(mailAddress);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {alert}
      <TextField label="メールアドレス" type="email" autoComplete="email" required error={form.formState.errors.mailAddress?.message} {...form.register('mailAddress')} />
      {children}
      <Actions>
        <Button type="submit" $variant="primary" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
