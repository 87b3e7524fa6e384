/** Creators of a medium's teams: name, availability, and each team with the member's status there. */
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { href } from '@/config/paths';
import { MEMBER_STATUS_LABEL } from '../schema';
import type { MediaMember } from '../types';

const WORK_STATUS_LABEL: Record<string, string> = {
  not_set: '未設定',
  accepting: '受付中',
  conditionally_accepting: '条件付きで受付中',
  not_accepting: '受付停止中',
};

export function MemberTable({ members }: { members: MediaMember[] }) {
  return (
    <DataTable data-testid="member-table">
      <thead>
        <tr>
          <th>ID</th>
          <th>クリエイター</th>
          <th>稼働状況</th>
          <th>チーム・ステータス</th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.id} data-testid="member-row">
            <td>{m.id}</td>
            <td>
              <Link to={href('creator', { userId: m.id })}>{m.userName}</Link>
            </td>
            <td>{WORK_STATUS_LABEL[m.workStatus] ?? m.workStatus}</td>
            <td>
              {m.teams.map((t) => (
                <span key={t.id} style={{ marginRight: 12 }}>
                  {t.name} <Badge $tone={t.status === 'left' || t.status === 'declined' ? 'muted' : 'brand'}>{MEMBER_STATUS_LABEL[t.status] ?? t.status}</Badge>
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
