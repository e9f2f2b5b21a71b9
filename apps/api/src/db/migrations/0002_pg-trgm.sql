-- Trigram matching for the product list's case-insensitive name search (ILIKE '%q%' served by a
-- GIN index, docs/decisions/010-product-list-paging.md). pg_trgm is a trusted extension: a
-- database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
