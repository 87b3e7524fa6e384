/** The version's live event: the only place the version feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useVersion } from './store';

/** A new release announced by the server shows the reload prompt without waiting for the next poll. */
export const subscribeVersion = (): (() => void) =>
  onEvent('version.bumped', (bumped) => useVersion.getState().compare(bumped.revisionNo));
