//! Demo work: the client's media with a project in every status, tasks in every task status,
//! and the deliveries, inspections and notices that those states imply.

use sqlx::{Postgres, Transaction};

use super::users::DemoIds;

/// The demo client's media 「デモマガジン」 with a project in every status and a work in each.
pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    ids: &DemoIds,
) -> anyhow::Result<()> {
    let client_user = ids["client@demo.tsumugi.jp"];
    let creator = ids["creator@demo.tsumugi.jp"];
    let editor = ids["editor@demo.tsumugi.jp"];
    let media_id: i64 = sqlx::query_scalar(
        "insert into media (client_id, name) values ($1, 'デモマガジン') returning id",
    )
    .bind(client_id)
    .fetch_one(&mut **tx)
    .await?;
    for (name, status) in [
        ("2027年春号 特集企画", "setting"),
        ("秋の京都さんぽ 取材記事", "applying"),
        ("冬の温泉ガイド", "doing"),
        ("新生活応援コラム", "under_acceptance"),
        ("夏フェス特集", "done"),
    ] {
        let project_id: i64 = sqlx::query_scalar(
            "insert into projects (media_id, name, description, status, created_by) values ($1, $2, $3, $4, $5) returning id",
        )
        .bind(media_id)
        .bind(name)
        .bind(format!("{name}の制作プロジェクトです。"))
        .bind(status)
        .bind(client_user)
        .fetch_one(&mut **tx)
        .await?;
        let work_id: i64 =
            sqlx::query_scalar("insert into works (project_id, name) values ($1, $2) returning id")
                .bind(project_id)
                .bind(format!("{name} 本編"))
                .fetch_one(&mut **tx)
                .await?;
        // Tasks follow the project: the creator writes, the editor directs or proofreads.
        let (task_status, assignee_state) = match status {
            "setting" | "applying" => ("applying", "offered"),
            "doing" => ("doing", "taken"),
            "under_acceptance" => ("under_acceptance", "taken"),
            _ => ("done", "taken"),
        };
        for (task_type, assignee, due_in_days) in
            [("writing", creator, 7), ("work_direction", editor, 3)]
        {
            let title = title_of(name, task_type);
            let task_id: i64 = sqlx::query_scalar(
                "insert into tasks (work_id, task_type, title, status, order_date, due_date, completed_date, reward_amount)
                 values ($1, $2, $3, $4, $6::date - 7, $6::date + $5,
                         case when $4 = 'done' then $6::date - 1 end, 30000) returning id",
            )
            .bind(work_id)
            .bind(task_type)
            .bind(title)
            .bind(task_status)
            .bind(due_in_days)
            .bind(crate::platform::clock::tokyo_today())
            .fetch_one(&mut **tx)
            .await?;
            sqlx::query("insert into task_assignees (task_id, user_id, state) values ($1, $2, $3)")
                .bind(task_id)
                .bind(assignee)
                .bind(assignee_state)
                .execute(&mut **tx)
                .await?;
            let task = DemoTask {
                id: task_id,
                project_id,
                work_id,
                assignee,
                client_user,
            };
            imply_task_state(tx, &task, task_status, &title_of(name, task_type)).await?;
            if assignee_state == "taken" {
                issue_purchase_order(tx, task_id).await?;
                if task_status == "doing" && assignee == creator {
                    // The client raised the fee after the order: the creator holds a revised
                    // purchase order next to the superseded first one.
                    sqlx::query("update tasks set reward_amount = 35000 where id = $1")
                        .bind(task_id)
                        .execute(&mut **tx)
                        .await?;
                    issue_purchase_order(tx, task_id).await?;
                }
            }
        }
    }
    // An operation-agency work billed by the unit prices of CRM order SF-0001.
    sqlx::query(
        "insert into works (project_id, name, is_operation_agency, crm_order_id)
         select id, '冬の温泉ガイド SNS運用', true, 'SF-0001' from projects where media_id = $1 and status = 'doing'",
    )
    .bind(media_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "insert into crm_unit_prices (crm_order_id, task_type, unit_price) values
           ('SF-0001', 'writing', 8000), ('SF-0001', 'image_selection', 1500), ('SF-0001', 'content_management_system', 1000),
           ('SF-0002', 'writing', 12000), ('SF-0002', 'proofreading_and_review', 5000)",
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query("insert into offer_templates (name, body) values ('記事執筆のご依頼', 'このたびは記事執筆のご相談です。'), ('校正のご依頼', '校正作業のご相談です。')")
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Issues the purchase order of a taken task as taking it does, naming the operator the
/// environment configures (`OPERATOR_*`, as `Config` reads it; the seeder has no `Config`).
async fn issue_purchase_order(
    tx: &mut Transaction<'_, Postgres>,
    task_id: i64,
) -> anyhow::Result<()> {
    let operator = crate::config::Operator::from_env();
    crate::money::purchase_orders::issue_for_task(tx, &operator, task_id).await?;
    Ok(())
}

fn title_of(project: &str, task_type: &str) -> String {
    match task_type {
        "writing" => format!("{project} 本文執筆"),
        _ => format!("{project} 進行管理"),
    }
}

struct DemoTask {
    id: i64,
    project_id: i64,
    work_id: i64,
    assignee: i64,
    client_user: i64,
}

/// What a task's status implies happened before, written as the real flow writes it: a task
/// under acceptance or done was delivered (and a done one accepted), an open offer notified
/// its creator, a delivery awaiting inspection notified the client.
async fn imply_task_state(
    tx: &mut Transaction<'_, Postgres>,
    task: &DemoTask,
    status: &str,
    title: &str,
) -> sqlx::Result<()> {
    if matches!(status, "under_acceptance" | "done") {
        sqlx::query(
            "insert into deliveries (task_id, user_id, delivery_type, url, created_at)
             values ($1, $2, 'external', $3, now() - interval '2 days')",
        )
        .bind(task.id)
        .bind(task.assignee)
        .bind(format!("https://docs.example.jp/demo/tasks/{}", task.id))
        .execute(&mut **tx)
        .await?;
    }
    if status == "done" {
        sqlx::query(
            "insert into inspections (task_id, result, inspected_by) values ($1, 'accepted', $2)",
        )
        .bind(task.id)
        .bind(task.client_user)
        .execute(&mut **tx)
        .await?;
    }
    let notice = match status {
        "applying" => Some((
            task.assignee,
            "order_task",
            format!("「{title}」のお仕事の依頼が届きました"),
            false,
        )),
        "under_acceptance" => Some((
            task.client_user,
            "check_delivery",
            format!("「{title}」の納品がありました。検収してください"),
            false,
        )),
        "done" => Some((
            task.assignee,
            "inspected_delivery",
            format!("「{title}」の納品が検収されました"),
            true,
        )),
        _ => None,
    };
    if let Some((user_id, notice_type, message, is_read)) = notice {
        sqlx::query(
            "insert into notices (user_id, notice_type, message, project_id, work_id, task_id, is_read)
             values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(user_id)
        .bind(notice_type)
        .bind(message)
        .bind(task.project_id)
        .bind(task.work_id)
        .bind(task.id)
        .bind(is_read)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
