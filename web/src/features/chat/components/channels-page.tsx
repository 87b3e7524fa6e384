import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { useChat } from '../store';
import { displayType } from '../types';
import { Badge } from './teams-page';

const TYPE_LABEL: Record<string, string> = {
  all: '全体',
  group: 'グループ',
  single: '個別',
  management: '運営',
  singleDisabled: '個別（利用停止中）',
  managementDisabled: '運営（利用停止中）',
};

export function ChannelsPage({ base }: { base: string }) {
  const teamId = Number(useParams().teamId);
  const state = useChat((s) => s.channels[teamId]);
  const unread = useChat((s) => s.unread);
  const fetchChannels = useChat((s) => s.fetchChannels);
  useEffect(() => {
    void fetchChannels(teamId);
  }, [teamId, fetchChannels]);
  return (
    <>
      <PageTitle>チャンネル</PageTitle>
      {state?.error && <p role="alert">{state.error.message}</p>}
      <Panel title="チャンネル一覧">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {state?.data.map((channel) => (
            <li key={channel.id} style={{ padding: '8px 0' }}>
              <Link to={`${base}/${teamId}/channels/${channel.id}`}>
                #{channel.name}
              </Link>{' '}
              <small>{TYPE_LABEL[displayType(channel)]}</small>
              {(unread[channel.id] ?? 0) > 0 && <Badge data-testid={`unread-${channel.id}`}>{unread[channel.id]}</Badge>}
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
