/**
 * Chat as the web reads it: the server's types (lib/api, generated), named for this feature; the
 * records the socket also pushes (messages, authors, files) come through lib/events.
 */
import type { View } from '@/lib/api/wire';
import type { Author, MessageView } from '@/lib/events';
import type { FileView } from '@/lib/files';

export type Team = View<'TeamView'>;
export type GroupedTeams = View<'GroupedTeams'>;
export type Channel = View<'ChannelView'>;

/**
 * A channel member has the shape of a message's author; the members list adds the reading of
 * their name (`nameKana`, empty when it is not the reading of the name shown) for mention
 * suggestions, which an author taken from a message does not have.
 */
export type Member = Author & Partial<Pick<View<'ChannelMember'>, 'nameKana'>>;

/** An attachment is an uploaded file. */
export type ChatFile = FileView;

/** A message as REST answers it and the socket pushes it. */
export type Message = MessageView;

export type Reaction = View<'Reaction'>;
export type MessagePage = View<'MessagePage'>;

/** Single and management channels that are not active show as their disabled variants. */
export function displayType(channel: Pick<Channel, 'channelType' | 'status'>): string {
  if (channel.status !== 'active' && channel.channelType === 'single') return 'singleDisabled';
  if (channel.status !== 'active' && channel.channelType === 'management') return 'managementDisabled';
  return channel.channelType;
}

/** A piece of a search hit's excerpt; `isHit` pieces are where a searched word matched. */
export type ExcerptPart = View<'ExcerptPart'>;
export type SearchHit = View<'SearchHit'>;
/** `messages` newest first. */
export type SearchResults = View<'SearchResults'>;
