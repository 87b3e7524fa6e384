import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/store';
import { ManuscriptPage } from '@/features/manuscripts/components/manuscript-page';

/** /manuscripts/:manuscriptId: a member opens a task's manuscript with their own permission. */
export default function ManuscriptRoute() {
  const manuscriptId = Number(useParams().manuscriptId);
  const member = useAuth((s) => s.user.data);
  if (!member) return null;
  return <ManuscriptPage manuscriptId={manuscriptId} user={{ id: member.id, name: member.userName }} />;
}
