/** Chat as the web reads it; the records the socket also pushes (messages, authors, files) are typed once, in lib/events. */
import type { Author, MessageView } from '@/lib/events';
import type { FileView } from '@/lib/files';

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

/**
 * A channel member has the shape of a message's author; the members list adds the reading of
 * their name (`nameKana`, empty when it is not the reading of the name shown) for mention suggestions.
 */
export type Member = Author & { nameKana?: string };

/** An attachment is an uploaded file. */
export type ChatFile = FileView;

/** A message as REST answers it and the socket pushes it. */
export type Message = MessageView;

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

/** A piece of a search hit's excerpt; `isHit` pieces are where a searched word matched. */
export interface ExcerptPart {
  text: string;
  isHit: boolean;
}

export interface SearchHit {
  message: Message;
  channel: { id: number; name: string; channelType: Channel['channelType'] };
  team: { id: number; name: string };
  excerpt: ExcerptPart[];
}

export interface SearchResults {
  baseUrl: string;
  /** Newest first. */
  messages: SearchHit[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}
