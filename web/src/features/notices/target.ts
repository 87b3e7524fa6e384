import { href } from '@/config/paths';
import type { Notice } from './types';

/** Where a notice leads: a chat notice to its message in the channel, a task notice to its task or project. */
export function noticeTarget(notice: Notice): string | null {
  const { teamId, channelId, messageId, projectId, taskId, mediaId } = notice.reference;
  // A team offer: the client's users go to the team's page, the creator to their offers (/teams).
  if (notice.type === 'team_offer') return mediaId && teamId ? href('mediaTeam', { mediaId, teamId }) : href('teams');
  if (teamId && channelId) return href('channel', { teamId, channelId }, { message: messageId || undefined });
  if (taskId) return href('task', { taskId });
  if (projectId) return href('project', { projectId });
  return null;
}
