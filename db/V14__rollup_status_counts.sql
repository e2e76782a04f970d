-- How the requests that did not end ok ended: error, timeout or cancelled. Rows merged before this migration keep
-- zero here, so their failures count in ok_requests' complement but not in the split.
alter table request_rollup
    add column error_requests     integer not null default 0,
    add column timeout_requests   integer not null default 0,
    add column cancelled_requests integer not null default 0;
