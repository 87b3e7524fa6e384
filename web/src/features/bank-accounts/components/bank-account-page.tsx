import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { BankAccountForm } from './bank-account-form';

/** The payee rule of the profile-edit hub (spec section 2), said where the account is changed. */
export const PAYEE_NOTE = '5日までに変更した振込先は当月末の支払いから、6日以降の変更は翌月から反映されます。旧口座で受け取れない場合は運営までご連絡ください。';

interface Props {
  title: string;
  submitLabel: string;
  /** Only creators are paid rewards; others see why there is nothing to fill in. */
  creator: boolean;
  onSaved: () => void;
}

/** Registering or changing where rewards are paid. */
export function BankAccountPage({ title, submitLabel, creator, onSaved }: Props) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="振込先口座">
        {creator ? (
          <>
            <Muted>{PAYEE_NOTE}</Muted>
            <BankAccountForm submitLabel={submitLabel} onSaved={onSaved} />
          </>
        ) : (
          <Muted>振込先はクリエイターのみ登録できます。</Muted>
        )}
      </Panel>
    </>
  );
}
