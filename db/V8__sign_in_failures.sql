-- Failed sign-ins, counted per account and per client address by every application instance alike, so that a load
-- balancer spreading an attacker's guesses over instances does not multiply the limits, and a restart forgets
-- nothing. A subject is 'account:<username, lower case>' or 'address:<client address>'. Unknown usernames are
-- counted too, so these rows belong to no tenant; they are kept for one throttle window and then deleted.
create table sign_in_failure (
    subject   text        not null check (length(subject) <= 220),
    failed_at timestamptz not null
);

create index sign_in_failure_subject_idx on sign_in_failure (subject, failed_at desc);
create index sign_in_failure_time_idx on sign_in_failure (failed_at);

grant select, insert, delete on sign_in_failure to ${app_role};
