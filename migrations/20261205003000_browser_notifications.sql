-- Whether the member's browser shows chat notices (mentions, one-to-one messages, thread replies)
-- while its tab is in the background; kept with their mail frequencies, on unless turned off (the
-- browser's own permission is asked for separately, from the settings page).
alter table user_mail_frequencies add column browser_notification boolean not null default true;
