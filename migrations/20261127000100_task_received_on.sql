-- The day (Tokyo) a task's latest deliverable was received: the day its reward is owed from
-- (Freelance Act art. 4), the day an accepted task is completed on, and what the accountant's
-- payments and the confirmation page compare the payment with. One definition for every query.
create function task_received_on(task bigint) returns date
    language sql stable
    as $$ select (max(created_at) at time zone 'Asia/Tokyo')::date from deliveries where task_id = task $$;
