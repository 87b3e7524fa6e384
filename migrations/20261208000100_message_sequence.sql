-- Each channel numbers its messages 1, 2, 3, … in the order they commit (issue 42: a rolling
-- restart loses nothing). Message ids come from one sequence when the insert starts, so two
-- messages of a channel can commit out of id order, and a client that catches up "after the
-- newest id it holds" skipped the one that committed late. The number is taken from the
-- channel's counter row, whose lock is held until the insert's transaction ends: in a channel,
-- `seq` order is commit order. A resend of a `client_message_id` takes no number; the rare gap
-- (two resends of one message at the same instant) costs a client only a longer catch-up.
-- A client keeps the highest `seq` up to which it holds everything and catches up after it
-- (docs/decisions/channel-message-sequence.md).
alter table channels add column message_seq bigint not null default 0;
alter table messages add column seq bigint;

update messages m set seq = n.seq
  from (select id, row_number() over (partition by channel_id order by id) as seq from messages) n
 where n.id = m.id;
update channels c set message_seq = n.last
  from (select channel_id, max(seq) as last from messages group by channel_id) n
 where n.channel_id = c.id;

alter table messages alter column seq set not null;
alter table messages add constraint messages_channel_id_seq_key unique (channel_id, seq);

create function messages_take_seq() returns trigger language plpgsql as $$
begin
    -- A bulk load (a benchmark's seed) numbers its rows itself and sets the counter after.
    if new.seq is not null then
        return new;
    end if;
    -- A resend: the insert's `on conflict` skips the row, so it takes no new number (it carries
    -- the first send's until then; `not null` is checked before the conflict is).
    if new.client_message_id is not null then
        select seq into new.seq from messages
         where channel_id = new.channel_id and user_id = new.user_id
           and client_message_id = new.client_message_id;
        if found then
            return new;
        end if;
    end if;
    update channels set message_seq = message_seq + 1
     where id = new.channel_id
    returning message_seq into new.seq;
    return new;
end
$$;

create trigger messages_take_seq before insert on messages
    for each row execute function messages_take_seq();
