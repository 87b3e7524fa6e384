import { useNavigate } from 'react-router';
import { href } from '@/config/paths';
import { ClientAddPage } from '@/features/clients/components/client-edit-page';

export default function ClientAddRoute() {
  const navigate = useNavigate();
  return <ClientAddPage onSaved={(client) => navigate(href('clientMediaList', { clientId: client.id }))} onCancel={() => navigate(href('clientMedia'))} />;
}
