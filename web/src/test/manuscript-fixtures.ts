/** Server-shaped (snake_case) manuscript answers, shared by the manuscript and editor route tests. */
export const manuscriptJson = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  task_id: 12,
  task_name: '記事執筆',
  project_name: '春の特集',
  title: '春の特集 原稿',
  permission: 'edit',
  can_issue_links: true,
  can_deliver: false,
  counts: { total: 0, without_punctuation: 0, sections: [] },
  updated_at: '2026-11-29T10:00:00Z',
  ...overrides,
});
