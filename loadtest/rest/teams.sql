-- GET /api/teams (chat::teams::http::list), as the creator.
-- auth::session::resolve
select u.id, u.role, s.id, u.client_id
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = :creator_token and s.revoked_at is null and s.expires_at > now()
            and u.account_status = 'active';
-- chat::teams::db::teams_where (TeamsOf::All), as the query builder writes it
select t.id, t.name, exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = :creator_id) as is_favorite, exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = :creator_id) as is_assigned, coalesce((select sum(u.unread) from (select (select count(*) from messages m where m.channel_id = c.id and m.deleted_at is null and m.user_id <> :creator_id and m.id > coalesce((select cm.last_read_message_id from channel_members cm where cm.channel_id = c.id and cm.user_id = :creator_id), 0)) as unread from channels c where c.team_id = t.id and (exists (select 1 from channel_members cm where cm.channel_id = c.id and not cm.is_observer and cm.user_id = :creator_id))) u), 0)::bigint as unread_count from teams t where (exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = :creator_id) or exists (select 1 from channels c join channel_members cm on cm.channel_id = c.id where c.team_id = t.id and not cm.is_observer and cm.user_id = :creator_id)) order by t.name, t.id;
