import { TASK_TYPES } from '@/lib/tasks';
import { Select } from './select';

const OPTIONS = TASK_TYPES.map(([value, label]) => ({ value, label }));

/** The work types with their Japanese labels, as one select with search. */
export function TaskTypeSelect({ value, onChange, label = '作業種別' }: { value: string; onChange: (value: string) => void; label?: string }) {
  return <Select label={label} options={OPTIONS} value={value} onChange={onChange} />;
}
