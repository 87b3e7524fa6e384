/** Server-shaped (snake_case) project answers and a store reset, shared by the project tests. */
import { resetAll } from '@/lib/reset';

export const projectJson = (overrides: Record<string, unknown> = {}) => ({
  id: 2,
  name: '秋の特集',
  description: '',
  status: 'setting',
  media_id: 1,
  media_name: 'デモマガジン',
  client_id: 1,
  company_name: '株式会社デモメディア',
  work_count: 1,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  // What the server answers the client that owns the project.
  can_edit: true,
  allowed_transitions: ['applying'],
  works: [{ id: 5, name: '温泉ガイド', is_operation_agency: false }],
  ...overrides,
});

/** Undoes a test's stubs and empties the projects store (list and detail alike). */
export function resetProjects() {
  vi.unstubAllGlobals();
  resetAll();
}
