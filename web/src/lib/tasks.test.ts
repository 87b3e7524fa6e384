import { taskRow } from '@/test/task-fixtures';
import { groupTasks, withTask } from './tasks';

const task = taskRow;

describe('task grouping', () => {
  it('puts direction tasks apart and orders each group by due date, undated last', () => {
    const groups = groupTasks([
      task(1, 'writing', null),
      task(2, 'project_direction', '2026-12-10'),
      task(3, 'writing', '2026-12-01'),
      task(4, 'work_direction', '2026-11-30'),
      task(5, 'planning', '2026-12-01'),
    ]);
    expect(groups.directionTasks.map((t) => t.id)).toEqual([4, 2]);
    expect(groups.tasks.map((t) => t.id)).toEqual([3, 5, 1]);
  });

  it('slots a new task into its group in order, replacing one with the same id', () => {
    const groups = groupTasks([task(1, 'writing', '2026-12-01'), task(2, 'writing', '2026-12-20')]);
    const added = withTask(groups, task(3, 'writing', '2026-12-10'));
    expect(added.tasks.map((t) => t.id)).toEqual([1, 3, 2]);
    const direction = withTask(added, { ...task(1, 'work_direction', '2026-12-01') });
    expect(direction.tasks.map((t) => t.id)).toEqual([3, 2]);
    expect(direction.directionTasks.map((t) => t.id)).toEqual([1]);
  });
});
