-- When each waiting batch was opened. The instance whose ingest stored a batch keeps its samples in memory and counts
-- them itself at its next fold, deleting the row; a row left much longer than that is an orphan (its instance stopped,
-- held too much to keep it, or failed to count it), and only then does a fold read its samples back. The default is
-- not volatile, so adding the column rewrites nothing: the rows waiting now read as opened when it was added.
alter table dimension_batch add column opened_at timestamptz not null default now();
