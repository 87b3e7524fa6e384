import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { chatRoutes } from '../routes';
import { useChat } from '../store';
import { displayType } from '../types';
import { UnreadBadge } from './teams-page';

const TYPE_LABEL: Record<string, string> = {
  all: '全体',
  group: 'グループ',
  single: '個別',
  management: '運営',
  singleDisabled: '個別（利用停止中）',
  managementDisabled: '運営（利用停止中）',
};

export function ChannelsPage({ leader }: { leader: boolean }) {
  const teamId = Number(useParams().teamId);
  const state = useChat((s) => s.channels[teamId]);
  const unread = useChat((s) => s.unread);
  const fetchChannels = useChat((s) => s.fetchChannels);
  useEffect(() => {
    void fetchChannels(teamId);
  }, [teamId, fetchChannels]);
  // A team the user may not see is the 403 (or 404) page, not an error line.
  const denied = deniedPage(state?.error);
  if (denied) return denied;
  return (
    <>
      <PageTitle>チャンネル</PageTitle>
      <ErrorAlert error={state?.error} />
      <Panel title="チャンネル一覧">
        {state && !state.loading && state.data.length === 0 && <Muted>チャンネルはありません。</Muted>}
        <List>
          {state?.data.map((channel) => (
            <ListRow key={channel.id}>
              <div>
                <Link to={href(chatRoutes(leader).channel, { teamId, channelId: channel.id })}>#{channel.name}</Link> <small>{TYPE_LABEL[displayType(channel)]}</small>
              </div>
              {(unread[channel.id] ?? 0) > 0 && <UnreadBadge data-testid={`unread-${channel.id}`}>{unread[channel.id]}</UnreadBadge>}
            </ListRow>
          ))}
        </List>
      </Panel>
    </>
  );
}
