//! The OpenAPI document, generated from the handlers' annotations.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::auth::{http as users, site_verify_http as siteverify};
use crate::chat::{channels::http as channels, messages::http as messages, teams::http as teams};
use crate::files::http as files;
use crate::maintenance::http as maintenance;
use crate::notices::http as notices;
use crate::offers::http as offer_templates;
use crate::system::http as system;
use crate::users::http as user_directory;
use crate::work::deliveries::http as work_records;
use crate::work::projects::http as projects;
use crate::work::sheets::http as spreadsheets;
use crate::work::tasks::{
    admin as task_admin, edit_http as task_edit, flow_http as task_flow, http as tasks,
};
use crate::work::works::http as works;

#[derive(OpenApi)]
#[openapi(
    info(title = "Tsumugi API", description = "REST API of Tsumugi. Errors: {\"error\": {\"message\", \"rules\"?}}."),
    paths(
        users::login, users::two_step_password, users::two_step_verification, users::whoami, users::logout,
        user_directory::list,
        siteverify::challenge, siteverify::verify,
        maintenance::show, maintenance::update, maintenance::remove,
        system::health, system::revision,
        teams::list, teams::leader_teams, teams::set_favorite, teams::channels,
        channels::show, channels::members, channels::unread, channels::mark_read, channels::files,
        messages::reactions, messages::list, messages::create, messages::update, messages::remove,
        messages::add_reaction, messages::remove_reaction, messages::pins, messages::pin, messages::unpin,
        files::upload, files::download, files::image,
        notices::list, notices::read_one, notices::read_all,
        projects::list, projects::show, projects::create, projects::update, projects::remove,
        works::show, works::create, works::create_for_operation_agency, works::rename, works::remove, works::unit_pricing,
        task_flow::take, task_flow::decline, task_flow::deliver, task_flow::inspect,
        tasks::my_tasks, tasks::list, tasks::show, tasks::client_tasks, tasks::important_counts,
        task_edit::create, task_edit::bulk_update, task_edit::remove,
        task_admin::set_completed_date, task_admin::invalidate, task_admin::update,
        spreadsheets::template, spreadsheets::import_tasks, spreadsheets::import_tags,
        work_records::client_deliveries, work_records::uploaded_destinations, work_records::add_uploaded_destination,
        work_records::delivery_reports, work_records::add_delivery_report, work_records::deliverable_works,
        offer_templates::list, offer_templates::create, offer_templates::update, offer_templates::remove,
    ),
    modifiers(&BearerAuth)
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}
