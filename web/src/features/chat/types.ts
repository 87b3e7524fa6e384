import type { ImageFile } from '@/features/auth/types';

export interface Team {
  id: number;
  name: string;
  isFavorite: boolean;
  isAssigned: boolean;
  unreadCount: number;
}

export interface GroupedTeams {
  favorite: Team[];
  assigned: Team[];
  other: Team[];
}

export interface Channel {
  id: number;
  teamId: number;
  name: string;
  channelType: 'all' | 'single' | 'group' | 'management';
  status: 'active' | 'inactive';
  memberCount: number;
  lastReadMessageId: number;
  unreadCount: number;
}

export interface Member {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
}

export interface ChatFile {
  id: number;
  name: string;
  path: string;
  userId: number;
  userRoleType: string;
  updated: string;
  antiVirusCheckScanStatus: 'scanning' | 'clean' | 'infected';
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface ReactionSummary {
  reactionId: number;
  name: string;
  path: string;
  count: number;
  userIds: number[];
}

export interface Message {
  id: number;
  channelId: number;
  user: Member;
  body: string;
  mentions: number[];
  files: ChatFile[];
  reactions: ReactionSummary[];
  isPinned: boolean;
  clientMessageId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Reaction {
  id: number;
  name: string;
  path: string;
}

export interface MessagePage {
  messages: Message[];
  unreadMessageId: number | null;
  hasMore: boolean;
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** Single and management channels that are not active show as their disabled variants. */
export function displayType(channel: Pick<Channel, 'channelType' | 'status'>): string {
  if (channel.status !== 'active' && channel.channelType === 'single') return 'singleDisabled';
  if (channel.status !== 'active' && channel.channelType === 'management') return 'managementDisabled';
  return channel.channelType;
}
