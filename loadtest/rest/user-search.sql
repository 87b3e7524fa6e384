-- GET /api/users/search?genre_ids[]=1&work_statuses[]=accepting (creators::http::search), as a
-- client. The server sends the page and the count on two connections at once; pgbench runs
-- them one after the other.
-- creators::search::push_page_ids
select g.user_id from creator_genre_search g where g.is_active and (g.admin_flags = '{}' or not g.admin_flags && :hide_flags) and g.work_status = :work_status and g.genre_id = :genre_id order by g.created_at desc, g.user_id desc limit :search_limit offset :search_offset;
-- creators::search::push_count
select count(*) from creator_genre_search g where g.is_active and (g.admin_flags = '{}' or not g.admin_flags && :hide_flags) and g.work_status = :work_status and g.genre_id = :genre_id;
-- the page's cards (creators::db), for the 20 ids of the page
select u.id, u.user_name, u.image_path, u.image_scan_status, u.work_status, u.birthday,
                p.name as prefecture_name,
                array(select g.name from user_skills s join genre_groups gg on gg.id = s.genre_group_id
                        join genres g on g.id = any(s.genre_ids)
                       where s.user_id = u.id
                       order by gg.position, coalesce(g.parent_genre_id, g.id), g.parent_genre_id nulls first, g.position) as genres,
                coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
                            from user_search_tags ut join search_tags t on t.id = ut.search_tag_id
                           where ut.user_id = u.id and not ut.is_exclude_type), '[]') as tags
           from unnest(:search_page_ids::bigint[]) with ordinality as page(id, n)
           join users u on u.id = page.id
           left join prefectures p on p.id = u.prefecture_id
          order by page.n;
