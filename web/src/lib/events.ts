/**
 * What the server pushes over the live socket, as the client receives it: keys camelCased by
 * lib/socket, values as sent. It mirrors the closed list in realtime/src/events.rs and the
 * payload structs of the publishers (api/src: chat messages and channels, notices, work events,
 * maintenance, the revision announcement, realtime's typing relay).
 *
 * Why the payload types live here and features import them (not the other way round): lib may
 * not import features (ESLint enforces it), yet the `ServerEvents` map in lib/socket must name
 * every payload so `onEvent` hands each handler its exact type without a cast. The server sends
 * "the same JSON the REST API returns for that record", so a feature whose REST answer is one of
 * these records (a chat message, a notice) names the type from here instead of keeping a second
 * copy that could drift; a feature with a model of its own (maintenance) declares it, and the
 * compiler checks at its `live.ts` that the pushed payload fits it.
 */
import type { FileView, ImageFile } from './files';

// Chat (channel rooms; `channel.read` goes to the reader's other tabs)

/** Who wrote a message (also the shape of a channel member). */
export interface Author {
  id: number;
  userName: string;
  /** As the server sends it (`editor_assistant`); see lib/roles. */
  roleType: string;
  imageFile: ImageFile | null;
}

export interface ReactionSummary {
  reactionId: number;
  name: string;
  path: string;
  count: number;
  userIds: number[];
}

/** `message.created`, `message.updated`, and the REST message. */
export interface MessageView {
  id: number;
  channelId: number;
  user: Author;
  body: string;
  mentions: number[];
  files: FileView[];
  reactions: ReactionSummary[];
  isPinned: boolean;
  /** The message this one replies to (a thread reply), or null. */
  parentId: number | null;
  /** Live replies to this message. */
  replyCount: number;
  /** The latest distinct repliers, the most recent first (at most three). */
  lastRepliers: { id: number; userName: string }[];
  clientMessageId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageDeleted {
  id: number;
  channelId: number;
}

/** `reaction.added` and `reaction.removed`: the message's reactions after the change. */
export interface ReactionChanged {
  channelId: number;
  messageId: number;
  reactionId: number;
  userId: number;
  reactions: ReactionSummary[];
}

export interface PinAdded {
  channelId: number;
  message: MessageView;
}

export interface PinRemoved {
  channelId: number;
  messageId: number;
}

export interface ChannelRead {
  channelId: number;
  lastReadMessageId: number;
  unreadCount: number;
}

/** Relayed by realtime to the other members who joined the channel. */
export interface Typing {
  channelId: number;
  userId: number;
}

/** Online: a socket of the user was active in the last 5 minutes; away: connected but idle. */
export type PresenceStatus = 'online' | 'away' | 'offline';

/** `presence.updated`, in the rooms of the channels the user is a member of; also one entry of `GET /channels/{id}/presence`. */
export interface PresenceUpdated {
  userId: number;
  status: PresenceStatus;
}

// Notices (the user's room)

/** The envelope shows `message` notices; the bell shows every task notice. */
export type NoticeGroup = 'task' | 'message';

export interface NoticeReference {
  teamId: number | null;
  channelId: number | null;
  messageId: number | null;
  projectId: number | null;
  workId: number | null;
  taskId: number | null;
  /** The medium of a `team_offer` notice to a client's user (its team page lives under it). */
  mediaId: number | null;
}

/** One notice, as pushed and as listed by `/v2/notices`. */
export interface NoticeView {
  id: number;
  /** message, order_task, reject_client_order, reject_delivery, inspected_delivery, check_delivery, check_client_order, team_offer. */
  type: string;
  isRead: boolean;
  notificationDate: string;
  message: string;
  reference: NoticeReference;
}

export interface NoticeCreated {
  notice: NoticeView;
  group: NoticeGroup;
  unreadCount: number;
}

/** One notice read (`noticeId`), or a whole group (`noticeId` null), optionally one channel's. */
export interface NoticeRead {
  group: NoticeGroup;
  noticeId: number | null;
  channelId: number | null;
  unreadCount: number;
}

// Work (the user's room: the client's users and the task's creators)

/** `task.updated`: the task's new state, for screens to reload what they show. */
export interface TaskState {
  id: number;
  status: string;
  projectId: number;
  workId: number;
  clientId: number;
  title: string;
  updatedAt: string;
}

/** `delivery.registered` (to the client's users), and the answer to registering one. */
export interface DeliveryRegistered {
  taskId: number;
  deliveryId: number;
  type: 'file' | 'external';
  url: string | null;
  fileIds: number[];
  updatedAt: string;
}

/** `file.scanned` (to the uploader): the virus scan of a finished resumable upload gave its verdict. */
export type FileScanned = FileView;

// Everyone (the global broadcast)

export interface MaintenanceWindow {
  id: number;
  message: string;
  startDatetime: string;
  endDatetime: string;
  /** Whether the window contains the present moment (when the server sent it). */
  active: boolean;
}

/**
 * `maintenance.changed` (on every change, and once at each window's start and end): the
 * running or next window, every live window, and the server's clock.
 */
export interface MaintenanceChanged {
  maintenance: MaintenanceWindow | null;
  windows: MaintenanceWindow[];
  now: string;
}

export interface VersionBumped {
  revisionNo: string;
}

/** `information.published`: a post went live for this user's role (the Information item). */
export interface InformationPublished {
  id: number;
  title: string;
  url: string | null;
  body: string | null;
  scheduledStartDate: string;
}

/** Staff ended the user's sessions (a role change or a leave); the socket closes right after. */
export interface SessionRevoked {
  reason: 'role_changed' | 'left';
}

// The user's own tabs

/** `user.updated`: the User record (whoami's shape; enum values snake_case as sent) after a change such as the work status. */
export interface UserUpdated {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
  workStatus: string;
  hasSkill: boolean;
  hasBankAccount: boolean;
  hasPortfolio: boolean;
  hasPossibleWork: boolean;
  hasAttribute: boolean;
  isExistsNewInformation: boolean;
  client: { id: number; companyName: string } | null;
}

// Clients and media (the staff's role rooms and the company's own users)

/** `media.updated`: a medium, its option payments or its customer information changed (its id, name and company). */
export interface MediaUpdated {
  id: number;
  name: string;
  clientId: number;
  companyName: string;
}

// Assessments (the client's users)

/** `assessments.changed`: one was answered (`assessmentId`) or the monthly job created some; the client's new 未評価 count. */
export interface AssessmentsChanged {
  clientId: number;
  assessmentId: number | null;
  unansweredAssessmentsCount: number;
}

// Rewards (creators, accountants and admins)

/** `reward_confirmation.created`: staff confirmed a month; only the month is said, never anyone's figures. */
export interface RewardConfirmationCreated {
  year: number;
  month: number;
}

// Media teams (the creator's room and the client's users' rooms)

export type MemberStatus = 'temporary' | 'offered' | 'negotiating' | 'assignable' | 'declined' | 'left';

/** `team_member.updated`, and the REST member row: each recipient gets their own view (memos, moves). */
export interface TeamMemberUpdated {
  /** The member's user id. */
  id: number;
  teamId: number;
  mediaId: number;
  userName: string;
  imageFile: ImageFile | null;
  workStatus: string;
  status: MemberStatus;
  isLeader: boolean;
  /** The client's own memo; null for the member. */
  privateMemo: string | null;
  publicMemo: string;
  /** Staff only; null for others. */
  editorMemo: string | null;
  statusChangedAt: string;
  /** The statuses the reader may move this member to. */
  allowedTransitions: MemberStatus[];
  canRemove: boolean;
}
