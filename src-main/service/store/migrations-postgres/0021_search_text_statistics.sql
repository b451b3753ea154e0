-- 0021 (PostgreSQL): no histogram of patients.search_text. Every patient search is planned for
-- its term (see createPgPool), and for each LIKE of a term PostgreSQL ran the pattern over the
-- hundred values of the column's histogram: a quarter of planning the search of one patient by
-- name, whose three to six pieces always go to the trigram index (docs/benchmarks.md). The
-- histogram of a column of unique, folded texts says little about a substring anyway, and no
-- search list rests on it: the service chooses how each is read (`searchInList` in
-- queries/patients.ts). What is left to the estimate, how to count a term the suffix table cannot
-- count, gets PostgreSQL's rule for a pattern's length. At a target of 1 ANALYZE still samples
-- enough rows for the width, the share of nulls and the number of distinct values; a histogram
-- of two bounds is below the ten PostgreSQL needs before it runs a pattern over one.
ALTER TABLE patients ALTER COLUMN search_text SET STATISTICS 1;
ANALYZE patients;
