import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { roleLabel } from '@/lib/roles';
import { chatApi } from '../api';
import { NO_MEMBERS, useChat } from '../store';
import type { ChatFile } from '../types';
import { FileAttachment } from './message-item';

export function ChannelDetailPage({ base, token }: { base: string; token: string | null }) {
  const { teamId, channelId: param } = useParams();
  const channelId = Number(param);
  const members = useChat((s) => s.members[channelId] ?? NO_MEMBERS);
  const fetchMembers = useChat((s) => s.fetchMembers);
  const [files, setFiles] = useState<ChatFile[]>([]);
  useEffect(() => {
    void fetchMembers(channelId);
    chatApi.files(channelId).then((answer) => setFiles(answer.files.map((f) => f.file)), () => setFiles([]));
  }, [channelId, fetchMembers]);
  return (
    <>
      <PageTitle>チャンネル詳細</PageTitle>
      <p>
        <Link to={`${base}/${teamId}/channels/${channelId}`}>← チャンネルへ戻る</Link>
      </p>
      <Panel title={`メンバー（${members.length}人）`}>
        <ul>
          {members.map((m) => (
            <li key={m.id}>
              {m.userName} <small>{roleLabel(m.roleType)}</small>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="ファイル">
        {files.length === 0 ? <p>共有されたファイルはありません</p> : files.map((file) => <FileAttachment key={file.id} file={file} token={token} />)}
      </Panel>
    </>
  );
}
