/**
 * What the server pushes over the live socket, as the client receives it (keys camelCased by
 * lib/socket, values as sent). The names and payloads are generated from the server's OpenAPI
 * document (`x-tsumugi-events`, lib/api; docs/decisions/generated-wire-contract.md): this file
 * only names them for the features.
 *
 * Why the payload types live here and features import them (not the other way round): lib may
 * not import features (ESLint enforces it), yet the `ServerEvents` map in lib/socket must name
 * every payload so `onEvent` hands each handler its exact type without a cast. The server sends
 * "the same JSON the REST API returns for that record", so a feature whose REST answer is one of
 * these records (a chat message, a notice) names the type from here.
 */
import type { ServerEvents, View } from './api/wire';

export type { ServerEvents };

// Chat (channel rooms; `channel.read` goes to the reader's other tabs)

/** Who wrote a message (also the shape of a channel member); `roleType` as sent (`editor_assistant`), see lib/roles. */
export type Author = View<'Author'>;
export type ReactionSummary = View<'ReactionSummary'>;
/** `message.created`, `message.updated`, and the REST message. */
export type MessageView = ServerEvents['message.created'];
export type MessageDeleted = ServerEvents['message.deleted'];
/** `reaction.added` and `reaction.removed`: the message's reactions after the change. */
export type ReactionChanged = ServerEvents['reaction.added'];
export type PinAdded = ServerEvents['pin.added'];
export type PinRemoved = ServerEvents['pin.removed'];
export type ChannelRead = ServerEvents['channel.read'];
/** Relayed by realtime to the other members who joined the channel. */
export type Typing = ServerEvents['typing'];
/** `presence.updated`, in the rooms of the channels the user is a member of: the changes that room heard of at once. */
export type PresenceUpdated = ServerEvents['presence.updated'];
/** Users' states: a push, or the answer of `GET /channels/{id}/presence` and `GET /teams/{id}/presence` (every member). */
export type MembersPresence = View<'MembersPresence'>;
/** One user's state with its sequence. */
export type UserPresence = View<'UserPresence'>;
/** Online: a socket of the user was active in the last 5 minutes; away: connected but idle. */
export type PresenceStatus = UserPresence['status'];

// Notices (the user's room)

/** The envelope shows `message` notices; the bell shows every task notice. */
export type NoticeGroup = View<'NoticeGroup'>;
export type NoticeReference = View<'NoticeReference'>;
/** One notice, as pushed and as listed by `/v2/notices`. */
export type NoticeView = View<'NoticeView'>;
export type NoticeCreated = ServerEvents['notice.created'];
/** One notice read (`noticeId`), or a whole group (`noticeId` null), optionally one channel's. */
export type NoticeRead = ServerEvents['notice.read'];

// Work (the user's room: the client's users and the task's creators)

/** `task.updated`: the task's new state, for screens to reload what they show. */
export type TaskState = ServerEvents['task.updated'];
/** `delivery.registered` (to the client's users), and the answer to registering one. */
export type DeliveryRegistered = ServerEvents['delivery.registered'];
/** `file.scanned` (to the uploader): the virus scan of a finished resumable upload gave its verdict. */
export type FileScanned = ServerEvents['file.scanned'];

// Everyone (the global broadcast)

/** `active`: whether the window contains the present moment (when the server sent it). */
export type MaintenanceWindow = View<'MaintenanceWindow'>;
/**
 * `maintenance.changed` (on every change, and once at each window's start and end): the
 * running or next window, every live window, and the server's clock.
 */
export type MaintenanceChanged = ServerEvents['maintenance.changed'];
export type VersionBumped = ServerEvents['version.bumped'];
/** `information.published`: a post went live for this user's role (the Information item). */
export type InformationPublished = ServerEvents['information.published'];
/** Staff ended the user's sessions (a role change or a leave); the socket closes right after. */
export type SessionRevoked = ServerEvents['session.revoked'];

// The user's own tabs

/** `user.updated`: the User record (whoami's shape; enum values snake_case as sent) after a change such as the work status. */
export type UserUpdated = ServerEvents['user.updated'];

// Clients and media (the staff's role rooms and the company's own users)

/** `media.updated`: a medium, its option payments or its customer information changed (its id, name and company). */
export type MediaUpdated = ServerEvents['media.updated'];

// Assessments (the client's users)

/** `assessments.changed`: one was answered (`assessmentId`) or the monthly job created some; the client's new 未評価 count. */
export type AssessmentsChanged = ServerEvents['assessments.changed'];

// Rewards (creators, accountants and admins)

/** `reward_confirmation.created`: staff confirmed a month; only the month is said, never anyone's figures. */
export type RewardConfirmationCreated = ServerEvents['reward_confirmation.created'];

// Media teams (the creator's room and the client's users' rooms)

export type MemberStatus = View<'MemberStatus'>;
/** `team_member.updated`, and the REST member row: each recipient gets their own view (memos, moves). */
export type TeamMemberUpdated = ServerEvents['team_member.updated'];

// Manuscripts (the manuscript's room)

/** `manuscript.updated`: a Yjs v1 update (base64) another socket sent, already persisted. */
export type ManuscriptUpdated = ServerEvents['manuscript.updated'];
/** A comment written, resolved, reopened or deleted (the record every reader gets). */
export type ManuscriptCommentChanged = ServerEvents['manuscript_comment.changed'];
/** `manuscript.awareness`: a y-protocols awareness update (base64), never persisted. */
export type ManuscriptAwareness = ServerEvents['manuscript.awareness'];
