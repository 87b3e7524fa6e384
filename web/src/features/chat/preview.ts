import { chatApi } from './api';
import { plainText } from './markup';
import { useChat } from './store';

/** How much of a message a browser notification shows. */
const PREVIEW_CHARS = 120;

/** A message as a line of plain text (markup gone, mentions by name), for a browser notification. */
export async function messagePreview(channelId: number, messageId: number): Promise<string> {
  const message = await chatApi.message(channelId, messageId);
  if (!useChat.getState().members[channelId]) await useChat.getState().fetchMembers(channelId);
  const members = useChat.getState().members[channelId] ?? [];
  const text = plainText(message.body, (id) => members.find((m) => m.id === id)?.userName);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}
