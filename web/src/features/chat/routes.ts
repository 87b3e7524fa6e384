import type { RouteName } from '@/config/paths';

interface ChatRoutes {
  channels: RouteName;
  channel: RouteName;
  detail: RouteName;
}

/** The members' chat (`/teams/…`) and the team leaders' chat (`/leader_teams/…`): the same pages under two roots of `config/paths.ts`. */
export const chatRoutes = (leader: boolean): ChatRoutes =>
  leader
    ? { channels: 'leaderTeamChannels', channel: 'leaderChannel', detail: 'leaderChannelDetail' }
    : { channels: 'teamChannels', channel: 'channel', detail: 'channelDetail' };
