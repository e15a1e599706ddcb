-- Digital process (issue 15): filled by the process work.
SELECT 1;
