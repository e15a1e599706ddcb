-- Placeholder: filled by the change that needs it (issue 8). Keep a statement so the file is valid.
select 1;
