-- 0021 (PostgreSQL): no histogram of patients.search_text. Every patient search is planned for
-- its term (see createPgPool), and for each LIKE of a term PostgreSQL ran the pattern over the
-- hundred values of the column's histogram: a quarter of planning the search of one patient by
-- name, whose three to six pieces always go to the trigram index (docs/benchmarks.md). The
-- histogram of a column of unique, folded texts says little about a substring anyway, and what
-- it decided no longer rests on it: a term the suffix table answers is counted exactly and read
-- by that count (0018, 0020, `readsMatchesFirst`), a long phrase goes to the trigram index. What
-- is left to the estimate, a short term with a space or a sign in it, now gets PostgreSQL's rule
-- for a pattern's length; a wrong guess there costs about what counting that term's total costs
-- anyway. At a target of 1 ANALYZE still samples enough rows for the width, the share of nulls
-- and the number of distinct values; a histogram of two bounds is below the ten PostgreSQL needs
-- before it runs a pattern over one.
ALTER TABLE patients ALTER COLUMN search_text SET STATISTICS 1;
ANALYZE patients;
