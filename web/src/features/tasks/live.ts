/** The task screens' live events: the only place the tasks feature subscribes to the socket. */
import { type EventHandler, useLiveEvent } from '@/lib/socket';

/** Runs `handler` with the task's new state whenever a task the user sees moves (ordered, delivered, inspected). */
export const useTaskUpdated = (handler: EventHandler<'task.updated'>): void => useLiveEvent('task.updated', handler);
