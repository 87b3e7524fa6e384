import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { MailAddressForm } from '@/features/accounts/components/mail-address-form';
import { ClientAccountsPage } from '@/features/clients/components/client-accounts';
import { routeId } from './id';

/** /clients/{clientId}/accounts: the company's logins, pending invitations and the invitation form (the accounts feature's mail form). */
export default function ClientAccountsRoute() {
  const clientId = routeId(useParams().clientId);
  if (!clientId) return <NotFoundPage />;
  return (
    <ClientAccountsPage
      clientId={clientId}
      renderInvite={(invite, onSent) => <MailAddressForm submitLabel="招待メールを送信" onSubmit={invite} onSent={onSent} />}
    />
  );
}
