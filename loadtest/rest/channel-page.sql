-- GET /api/channels/{id}/messages (chat::messages::http::list), page 0, as the creator.
-- chat::channels::access::channel_for
select id, team_id, name, channel_type, status,
                exists (select 1 from channel_members m where m.channel_id = c.id and m.user_id = :creator_id and not m.is_observer) as is_member
           from channels c where id = :channel_id;
-- chat::messages::db::page_ids
select (select count(*) from messages where channel_id = :channel_id and deleted_at is null) as total,
                (select min(m.id) from messages m
                  where m.channel_id = :channel_id and m.deleted_at is null and m.user_id <> :creator_id
                    and m.id > coalesce((select last_read_message_id from channel_members
                                          where channel_id = :channel_id and user_id = :creator_id), 0)) as unread_message_id,
                case when null::bigint is null
                     then array(select id from messages where channel_id = :channel_id and deleted_at is null
                                 order by id desc limit :page_limit offset :page_offset)
                     else array(select id from messages where channel_id = :channel_id and deleted_at is null and id > null::bigint
                                 order by id limit :page_limit)
                end as ids;
-- chat::messages::db::load, for the page's 50 ids (the newest 50 of the channel)
select m.id, m.channel_id, m.user_id, u.user_name, u.role, u.image_path, u.image_scan_status, m.body,
                m.client_message_id, m.created_at, m.updated_at,
                exists (select 1 from pinned_messages p where p.message_id = m.id) as is_pinned,
                array(select mm.user_id from message_mentions mm where mm.message_id = m.id order by mm.user_id) as mentions,
                (select coalesce(jsonb_agg(jsonb_build_object(
                            'reaction_id', r.id, 'name', r.name, 'path', r.path,
                            'count', g.count, 'user_ids', g.user_ids) order by r.sort_order), '[]')
                   from (select mr.reaction_id, count(*) as count, array_agg(mr.user_id order by mr.created_at) as user_ids
                           from message_reactions mr where mr.message_id = m.id group by mr.reaction_id) g
                   join reactions r on r.id = g.reaction_id) as reactions,
                exists (select 1 from message_files mf where mf.message_id = m.id) as has_files
           from messages m join users u on u.id = m.user_id
          where m.id = any(:message_ids::bigint[]) and m.deleted_at is null;
