-- A creator's payee picked from the master bank and branch list. The name and code columns keep
-- what was chosen (the bank's own record may be renamed by a later import); the seeded demo row
-- predates the master data, so the references stay nullable.
alter table bank_accounts
    add column bank_id integer constraint bank_accounts_bank_id_fkey references banks (id),
    add column bank_branch_id bigint constraint bank_accounts_bank_branch_id_fkey references bank_branches (id),
    add constraint bank_accounts_account_type_check check (account_type in ('ordinary', 'current', 'savings'));
