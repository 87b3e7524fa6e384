-- GET /api/tasks?status[]=doing (work::tasks::http::list), as the creator.
-- work::tasks::db::scoped_tasks, as the query builder writes it
select t.id, t.task_type, t.title, t.status, t.order_date, t.due_date, t.completed_date,
        w.id as work_id, w.name as work_name, p.id as project_id, p.name as project_name, t.updated_at from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id where exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = :creator_id and a.state <> 'declined') and not t.is_invalid and t.status = any(:task_statuses) order by t.due_date asc nulls last, t.id;
