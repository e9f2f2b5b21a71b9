-- GIN operator classes for plain columns, so one GIN index can hold the product name's trigrams
-- and its categories together (products_search_idx, docs/decisions/010-product-list-paging.md):
-- a search within a category then rechecks only that category's candidates. btree_gin is a
-- trusted extension, like pg_trgm: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS btree_gin;
