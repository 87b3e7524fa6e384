-- GET /api/v2/notices?type=task (notices::http::list), page 1, as the creator.
-- notices::db::page
select id, notice_type, is_read, created_at, message, team_id, channel_id, message_id, project_id, work_id, task_id, media_id, (select count(*) from notices where user_id = :creator_id and notice_type = any(:notice_types)) as total,
                (select count(*) from notices where user_id = :creator_id and notice_type = any(:notice_types) and not is_read) as unread
           from notices where user_id = :creator_id and notice_type = any(:notice_types) order by id desc limit :notice_limit offset :notice_offset;
