-- Where each account has signed in successfully lately. The account's failure limit does not refuse sign-ins from
-- these addresses, so a stranger's wrong guesses cannot lock an account's owner out, the operator's included; the
-- per-address limit still holds everywhere. A subject is 'account:<username, lower case>', as in sign_in_failure;
-- rows belong to no tenant and are deleted once not used for the application's remembering period.
create table sign_in_known_address (
    subject      text        not null check (length(subject) <= 220),
    address      text        not null check (length(address) <= 220),
    signed_in_at timestamptz not null,
    primary key (subject, address)
);

create index sign_in_known_address_time_idx on sign_in_known_address (signed_in_at);

grant select, insert, update, delete on sign_in_known_address to ${app_role};
