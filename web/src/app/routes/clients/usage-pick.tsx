import { Link } from 'react-router';
import { Muted, PageTitle } from '@/components/page';
import { ForbiddenPage } from '@/components/status-page';
import { href } from '@/config/paths';
import type { UsageTarget } from './usage-target';

/** A staff member without a company in the address picks one first; anyone else but a client is refused. */
export function UsageWithoutCompany({ target }: { target: Exclude<UsageTarget, { kind: 'company' }> }) {
  if (target.kind === 'refused') return <ForbiddenPage />;
  return (
    <>
      <PageTitle>ご利用金額</PageTitle>
      <Muted>クライアントを選んでください。各社の媒体一覧から「ご利用金額」を開けます。</Muted>
      <Link to={href('clientMedia')}>クライアント一覧へ</Link>
    </>
  );
}
