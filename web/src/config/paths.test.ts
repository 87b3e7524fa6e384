import { href } from './paths';

describe('href', () => {
  it('fills the parameters of a route, encoded', () => {
    expect(href('mediaTeam', { mediaId: 3, teamId: 7 })).toBe('/clients/media/3/teams/7');
    expect(href('rewardsMonth', { year: 2026, month: 4 })).toBe('/rewards/2026/4');
    expect(href('creator', { userId: 'a/b' })).toBe('/creators/a%2Fb');
  });

  it('refuses a route whose parameter is missing', () => {
    expect(() => href('task', {})).toThrow('missing taskId for task');
  });

  it('appends the query, lists as key[] and absent values left out', () => {
    expect(href('tasks', {}, { status: ['applying'] })).toBe('/tasks?status[]=applying');
    expect(href('channel', { teamId: 1, channelId: 2 }, { message: 9 })).toBe('/teams/1/channels/2?message=9');
    expect(href('channel', { teamId: 1, channelId: 2 }, { message: undefined })).toBe('/teams/1/channels/2');
    expect(href('twoStep', {}, { token: 'a b&c' })).toBe('/two_step_verification?token=a%20b%26c');
  });
});
