/** Staff's month confirmations and reward settings: the server's types (lib/api, generated). */
import type { View } from '@/lib/api/wire';

/** A confirmed month (`POST/GET /reward_confirmations`); `totalRewardAmount`: Σ what reaches the creators' banks, in yen. */
export type RewardConfirmation = View<'RewardConfirmation'>;

/** `latestConfirmable`: the newest month that has ended. */
export type RewardConfirmationList = View<'ConfirmationList'>;

/** `GET /admin/reward_settings`: rates as exact decimal strings ("10", "10.21"). */
export type RewardSettings = View<'RewardSettings'>;

/** A delivery received in the month and not inspected yet (`GET /reward_confirmations/awaiting_inspection`). */
export type AwaitingTask = View<'AwaitingTask'>;

/** `tasks`: the oldest first, at most 50. */
export type AwaitingInspection = View<'AwaitingInspection'>;
