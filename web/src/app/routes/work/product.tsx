import { href } from '@/config/paths';
import { useBanners } from '@/features/banners/store';
import { WorkPage } from '@/features/works/components/work-page';

/** /projects/:projectId/products/:productId: a created task is confirmed by a flash that leads to it. */
export default function ProductRoute() {
  const flash = useBanners((s) => s.flash);
  return <WorkPage onTaskCreated={(task) => flash(`タスク「${task.title}」を作成しました。`, { to: href('task', { taskId: task.id }), label: 'タスクを開く' })} />;
}
