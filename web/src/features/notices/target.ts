import type { Notice } from './types';

/** Where a notice leads: a chat notice to its message in the channel, a task notice to its task or project. */
export function noticeTarget(notice: Notice): string | null {
  const { teamId, channelId, messageId, projectId, taskId, mediaId } = notice.reference;
  // A team offer: the client's users go to the team's page, the creator to their offers (/teams).
  if (notice.type === 'team_offer') return mediaId && teamId ? `/clients/media/${mediaId}/teams/${teamId}` : '/teams';
  if (teamId && channelId) return `/teams/${teamId}/channels/${channelId}${messageId ? `?message=${messageId}` : ''}`;
  if (taskId) return `/tasks/${taskId}`;
  if (projectId) return `/projects/${projectId}`;
  return null;
}
