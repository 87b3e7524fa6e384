import type { ChangeEvent } from 'react';
import { TASK_TYPES } from '@/lib/tasks';

/** The work types with their Japanese labels, as one select. */
export function TaskTypeSelect({ value, onChange }: { value: string; onChange: (e: ChangeEvent<HTMLSelectElement>) => void }) {
  return (
    <select value={value} onChange={onChange}>
      {TASK_TYPES.map(([type, label]) => (
        <option key={type} value={type}>
          {label}
        </option>
      ))}
    </select>
  );
}
