/** The assessments' live event: the only place the assessments feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useAssessments } from './store';

/** An assessment of the client was answered in another browser, or new ones arrived: an open list reloads its page. */
export const subscribeAssessments = (): (() => void) =>
  onEvent('assessments.changed', () => {
    void useAssessments.getState().refreshList();
  });
