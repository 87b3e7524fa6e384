import { useNavigate } from 'react-router';
import { href } from '@/config/paths';
import { InformationAddPage } from '@/features/information/components/information-form';

/** Managers and admins post information (config/access.ts gates the route, as POST /information). */
export default function InformationAddRoute() {
  const navigate = useNavigate();
  return <InformationAddPage onSaved={() => navigate(href('information'))} onCancel={() => navigate(href('information'))} />;
}
