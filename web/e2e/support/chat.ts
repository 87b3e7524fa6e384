/** Finding the demo workspace through the API the web app uses. */
import type { Page } from '@playwright/test';
import { tokenOf } from './session';

export interface Workspace {
  teamId: number;
  channelId: number;
  editorId: number;
}

export async function demoWorkspace(page: Page): Promise<Workspace> {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const teams = await (await page.request.get('/api/teams', { headers })).json();
  const team = [...teams.favorite, ...teams.assigned, ...teams.other].find((t: { name: string }) => t.name === 'デモ編集部');
  const channels = await (await page.request.get(`/api/teams/${team.id}/channels`, { headers })).json();
  const channel = channels.find((c: { channel_type: string }) => c.channel_type === 'group');
  const members = await (await page.request.get(`/api/channels/${channel.id}/members`, { headers })).json();
  const editor = members.find((m: { user_name: string }) => m.user_name === '佐藤 健');
  return { teamId: team.id, channelId: channel.id, editorId: editor.id };
}

export const channelPath = (w: Workspace) => `/teams/${w.teamId}/channels/${w.channelId}`;

export async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('メッセージを入力').fill(text);
  await page.getByRole('button', { name: '送信' }).click();
}
