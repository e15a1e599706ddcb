-- Member record (issue 12): filled by the member-record work.
SELECT 1;
