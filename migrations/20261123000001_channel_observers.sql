-- Staff read management channels they are not members of. Their read position is kept in
-- channel_members with is_observer set: an observer is not a member (not listed, not counted,
-- not notified, not mentionable), only a reader with a position.
alter table channel_members add column is_observer boolean not null default false;
