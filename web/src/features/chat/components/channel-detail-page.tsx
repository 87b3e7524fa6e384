import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { roleLabel } from '@/lib/roles';
import { chatApi } from '../api';
import { chatRoutes } from '../routes';
import { NO_MEMBERS, useChat } from '../store';
import type { ChatFile } from '../types';
import { FileAttachment } from './message-item';
import { PresenceDot } from '@/components/presence-dot';

/** A channel's members and shared files; refused like the channel itself (the 403/404 page). */
export function ChannelDetailPage({ leader, token }: { leader: boolean; token: string | null }) {
  const params = useParams();
  const teamId = Number(params.teamId);
  const channelId = Number(params.channelId);
  const info = useChat((s) => s.channelInfo[channelId]);
  const members = useChat((s) => s.members[channelId] ?? NO_MEMBERS);
  const { openChannel, fetchMembers, fetchPresence } = useChat();
  const [files, setFiles] = useState<ChatFile[]>([]);
  useEffect(() => {
    void (async () => {
      if (!(await openChannel(channelId))) return;
      // After the members: those the answer does not list are offline.
      void fetchMembers(channelId).then(() => fetchPresence(channelId));
      chatApi.files(channelId).then((answer) => setFiles(answer.files.map((f) => f.file)), () => setFiles([]));
    })();
  }, [channelId, openChannel, fetchMembers, fetchPresence]);
  if (info?.error) return deniedPage(info.error) ?? <ErrorAlert error={info.error} />;
  return (
    <>
      <PageTitle>チャンネル詳細{info?.data ? `：${info.data.name}` : ''}</PageTitle>
      <p>
        <Link to={href(chatRoutes(leader).channel, { teamId, channelId })}>← チャンネルへ戻る</Link>
      </p>
      <Panel title={`メンバー（${members.length}人）`}>
        <List data-testid="channel-members">
          {members.map((m) => (
            <ListRow key={m.id}>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <PresenceDot userId={m.id} />
                {m.userName}
              </span>
              <Badge $tone="muted">{roleLabel(m.roleType)}</Badge>
            </ListRow>
          ))}
        </List>
      </Panel>
      <Panel title="ファイル">
        {files.length === 0 ? <Muted>共有されたファイルはありません</Muted> : files.map((file) => <FileAttachment key={file.id} file={file} token={token} />)}
      </Panel>
    </>
  );
}
