/** The media's live event: the only place the media feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useMedia } from './store';

/** A medium changed (edited, an option payment, customer information): whatever of it is on screen is fetched again. */
export const subscribeMedia = (): (() => void) =>
  onEvent('media.updated', ({ id, clientId }) => {
    const state = useMedia.getState();
    if (state.detail.data?.id === id) void state.fetchDetail(id);
    if (state.optionPaymentsOf === id) void state.fetchOptionPayments(id);
    if (state.information.data?.media.id === id) void state.fetchInformation(id, state.information.data.leftTeamMembers);
    if (state.ofClient.data?.client.id === clientId) void state.fetchOfClient(clientId);
  });
