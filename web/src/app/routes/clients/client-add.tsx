import { useNavigate } from 'react-router';
import { href } from '@/config/paths';
import { ClientAddPage } from '@/features/clients/components/client-edit-page';
import { StaffOnly } from '../access';

export default function ClientAddRoute() {
  const navigate = useNavigate();
  return (
    <StaffOnly>
      <ClientAddPage onSaved={(client) => navigate(href('clientMediaList', { clientId: client.id }))} onCancel={() => navigate(href('clientMedia'))} />
    </StaffOnly>
  );
}
