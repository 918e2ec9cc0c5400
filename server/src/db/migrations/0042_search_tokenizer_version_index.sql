-- Issue 14: the search module looks once after each start for documents an older tokenizer indexed
-- (indexer.queueOutdated). Without an index that read every document: at 100,000 documents about a
-- quarter of a second in which PGlite's one thread served no search (p99 275 ms around that minute).
-- With it, the usual answer (none) is two probes of a small index.
CREATE INDEX search_documents_tokenizer_version_idx ON search_documents (tokenizer_version);
